import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatRecordEtag } from '@formbridge/contract/record-etag';
import {
  recordHistoryPageSchema,
  recordHistoryQuerySchema,
  recordRestoreBodySchema,
  recordRestoreResponseSchema,
} from '@formbridge/contract/record-history';
import { recordConflictSchema } from '@formbridge/contract/records';
import { auditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { currentMember } from '../../lib/current-member.ts';
import { replyWithPlainJson } from '../../lib/plain-json-reply.ts';
import { listRecordHistory, restoreRecordHistory } from './records.history.ts';
import { presentRecord } from './records.presenter.ts';
import { readIfMatch, STALE_RECORD } from './records.routes.ts';

const recordParams = z.object({ id: z.string().max(64), recordId: z.string().max(64) });
const entryParams = recordParams.extend({ entryId: z.string().max(64) });

/**
 * /api/v1/dynamic-tables/{id}/records/{recordId}/history (issue 32): every change to a record,
 * newest first, for any member; restoring an entry's values is an Editor's edit.
 */
export function recordHistoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['records'], security: [{ bearer: [] }] };

    app.get(
      '/:id/records/:recordId/history',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: {
          ...secured,
          params: recordParams,
          querystring: recordHistoryQuerySchema,
          description:
            "Newest first, `limit` (1–200, default 50) entries a page; pass the last page's " +
            '`next_cursor` as `before` for the next. Values are text: links by the linked ' +
            "record's name, files by name.",
          response: { 200: recordHistoryPageSchema },
        },
      },
      async (request) => {
        const { id, recordId } = request.params;
        const ownerId = currentMember(request).workspaceId;
        return listRecordHistory(ctx, ownerId, { tableId: id, recordId }, request.query);
      },
    );

    app.post(
      '/:id/records/:recordId/history/:entryId/restore',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: entryParams,
          headers: z.object({ 'if-match': z.string().max(1000).optional() }),
          body: recordRestoreBodySchema,
          description:
            "Writes the entry's before values back (every field of the entry, or `fields`) as " +
            'a normal edit with its own history entry. 409 when a linked record, a file or a ' +
            'field is gone; 412 with `If-Match` naming another version.',
          response: { 200: recordRestoreResponseSchema, 412: recordConflictSchema },
        },
      },
      async (request, reply) => {
        const { id, recordId, entryId } = request.params;
        const result = await restoreRecordHistory(
          ctx,
          auditScope(request),
          { tableId: id, recordId, entryId },
          { fields: request.body?.fields, ifMatch: readIfMatch(request.headers['if-match']) },
        );
        const [row] = result.view.rows;
        if (!row) {
          throw new Error('Record view without a record');
        }
        const current = presentRecord(result.view.table, row, result.view.filesById, ctx.signer);
        void reply.header('etag', formatRecordEtag(current.version));
        if (result.isStale) {
          return reply
            .status(412)
            .send({ detail: STALE_RECORD(current.version), code: 'record_changed', current });
        }
        return replyWithPlainJson(reply).send(current);
      },
    );
  };
}
