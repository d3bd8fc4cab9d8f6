import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditPageSchema, auditQuerySchema } from '@formbridge/contract/audit';
import type { AppContext } from '../../lib/context.ts';
import { contentDisposition } from '../../lib/http-headers.ts';
import { auditCsv } from './audit.csv.ts';
import { auditWorkspace } from './audit.access.ts';
import { listAuditPage, readAuditEvents } from './audit.service.ts';

const workspaceParams = z.object({ id: z.string().max(64) });

/** /api/v1/workspaces/{id}/audit[.csv]: the workspace's activity, for its admins. */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['audit'], security: [{ bearer: [] }] };

    app.get(
      '/:id/audit',
      {
        config: { auth: 'user', role: 'admin', workspace: 'path' },
        schema: {
          ...secured,
          params: workspaceParams,
          querystring: auditQuerySchema,
          description:
            'Newest first; filters `actor` (user id), `target_kind`, `target_id`, `action`, ' +
            "`from`/`to` (ISO 8601, inclusive); `cursor` from the last page's `next_cursor`",
          response: { 200: auditPageSchema },
        },
      },
      async (request) => {
        const workspaceId = auditWorkspace(request);
        return listAuditPage(ctx, workspaceId, request.query);
      },
    );

    app.get(
      '/:id/audit.csv',
      {
        config: { auth: 'user', role: 'admin', workspace: 'path' },
        schema: {
          ...secured,
          params: workspaceParams,
          querystring: auditQuerySchema,
          description: 'Every event the filters select as CSV (UTF-8 with BOM), newest first',
        },
      },
      async (request, reply) => {
        const workspaceId = auditWorkspace(request);
        // The export is every event the filters select: no page, no cursor.
        const filters = { ...request.query, cursor: undefined, limit: undefined };
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition(true, `activity-${day}.csv`))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(Readable.from(auditCsv(readAuditEvents(ctx, workspaceId, filters))));
      },
    );
  };
}
