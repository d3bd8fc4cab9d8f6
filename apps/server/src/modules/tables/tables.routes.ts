import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTableBodySchema, tableResponseSchema } from '@formbridge/contract/tables';
import { auditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { currentMember } from '../../lib/current-member.ts';
import { presentTable } from './tables.presenter.ts';
import { createTable, getTable, listTablesWithCounts } from './tables.service.ts';

const idParams = z.object({ id: z.string().max(64) });

/** /api/v1/dynamic-tables: list, read, create (schema edits and deletes: modules/table-schema). */
export function tablesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['tables'], security: [{ bearer: [] }] };

    app.get(
      '/',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: { ...secured, response: { 200: z.array(tableResponseSchema) } },
      },
      async (request) => {
        const tables = await listTablesWithCounts(ctx, currentMember(request).workspaceId);
        return tables.map(presentTable);
      },
    );

    app.get(
      '/:id',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: { ...secured, params: idParams, response: { 200: tableResponseSchema } },
      },
      async (request) =>
        presentTable(await getTable(ctx, currentMember(request).workspaceId, request.params.id)),
    );

    app.post(
      '/',
      {
        config: { auth: 'user', role: 'editor' },
        schema: { ...secured, body: createTableBodySchema, response: { 201: tableResponseSchema } },
      },
      async (request, reply) => {
        const table = await createTable(ctx, auditScope(request), request.body);
        return reply.status(201).send(presentTable(table));
      },
    );
  };
}
