import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatRecordEtag, parseIfMatch, type IfMatch } from '@formbridge/contract/record-etag';
import {
  recordBodySchema,
  recordConflictSchema,
  recordResponseSchema,
} from '@formbridge/contract/records';
import { auditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { currentMember, workspaceAccess } from '../../lib/current-member.ts';
import { tokenClaims } from '../../lib/current-user.ts';
import { replyWithPlainJson, sendJsonBytes } from '../../lib/plain-json-reply.ts';
import type { RecordsReader } from './records.reader.ts';
import { AppError } from '../../lib/errors.ts';
import { presentRecord } from './records.presenter.ts';
import { getRecord, type RecordsView } from './records.read.ts';
import {
  createRecord,
  deleteRecord,
  updateRecord,
  type RecordWriteResult,
} from './records.service.ts';

/** The largest page `?limit=` may ask for; without limit/offset the whole table comes back. */
export const MAX_PAGE_SIZE = 1000;

const tableParams = z.object({ id: z.string().max(64) });
const recordParams = tableParams.extend({ recordId: z.string().max(64) });
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

const ifMatchHeaders = z.object({ 'if-match': z.string().max(1000).optional() });

const IF_MATCH_NOTE =
  'Every record answer carries `version` and `ETag: "<version>"`. With `If-Match: "<version>"` ' +
  'the write applies only to that version: otherwise 412 with the record as it is now in ' +
  '`current`, and nothing is saved.';

/** The 412 detail: what happened and how to go on. */
export const STALE_RECORD = (version: number) =>
  `This record was changed since you loaded it (it is now version ${version}). Nothing was ` +
  `saved: compare with the current values and send again with If-Match: "${version}".`;

/** The request's If-Match, or 422 when it names no version. */
export function readIfMatch(header: string | undefined): IfMatch | undefined {
  if (header === undefined) {
    return undefined;
  }
  const ifMatch = parseIfMatch(header);
  if (ifMatch.kind === 'invalid') {
    throw new AppError(422, [
      {
        loc: ['headers', 'if-match'],
        msg: 'If-Match must be the record\'s ETag (for example "3") or *.',
        type: 'value_error',
      },
    ]);
  }
  return ifMatch;
}

/**
 * /api/v1/dynamic-tables/{id}/records: list (whole or paged), read, create, replace, change
 * some fields, delete.
 */
export function recordsRoutes(ctx: AppContext, reader: RecordsReader): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['records'], security: [{ bearer: [] }] };
    const presentOne = (view: RecordsView) => {
      const [row] = view.rows;
      if (!row) {
        throw new Error('Record view without a record');
      }
      return presentRecord(view.table, row, view.filesById, ctx.signer);
    };

    app.get(
      '/:id/records',
      {
        config: { auth: 'token', role: 'viewer' },
        schema: {
          ...secured,
          params: tableParams,
          querystring: pageQuery,
          description:
            'An array, oldest first. `limit` (1–1000) and/or `offset` return one page; ' +
            'the `X-Total-Count` header always holds the number of records in the table.',
          response: { 200: z.array(recordResponseSchema) },
        },
      },
      async (request, reply) => {
        // An API token was checked in full by the route's auth; a session is confirmed below.
        const session = request.apiToken ? null : tokenClaims(request);
        const { limit, offset } = request.query;
        const isPaged = limit !== undefined || offset !== undefined;
        const page = isPaged ? { limit: limit ?? MAX_PAGE_SIZE, offset: offset ?? 0 } : undefined;
        const { workspaceId } = workspaceAccess(request);
        const { total, body } = await reader.list(session, workspaceId, request.params.id, page);
        return sendJsonBytes(reply.header('x-total-count', String(total)), body);
      },
    );

    app.get(
      '/:id/records/:recordId',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: { ...secured, params: recordParams, response: { 200: recordResponseSchema } },
      },
      async (request, reply) => {
        const { id, recordId } = request.params;
        const record = presentOne(
          await getRecord(ctx, currentMember(request).workspaceId, id, recordId),
        );
        void reply.header('etag', formatRecordEtag(record.version));
        return replyWithPlainJson(reply).send(record);
      },
    );

    app.post(
      '/:id/records',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: tableParams,
          body: recordBodySchema,
          response: { 201: recordResponseSchema },
        },
      },
      async (request, reply) => {
        const view = await createRecord(
          ctx,
          auditScope(request),
          request.params.id,
          request.body.data,
        );
        const record = presentOne(view);
        void reply.header('etag', formatRecordEtag(record.version));
        return replyWithPlainJson(reply).status(201).send(record);
      },
    );

    const write = (partial: boolean, description: string) => ({
      config: { auth: 'user' as const, role: 'editor' as const },
      schema: {
        ...secured,
        params: recordParams,
        headers: ifMatchHeaders,
        body: recordBodySchema,
        description,
        response: { 200: recordResponseSchema, 412: recordConflictSchema },
      },
    });
    const sendWrite = (reply: FastifyReply, result: RecordWriteResult) => {
      const current = presentOne(result.view);
      void reply.header('etag', formatRecordEtag(current.version));
      if (result.isStale) {
        return reply.status(412).send({
          detail: STALE_RECORD(current.version),
          code: 'record_changed',
          current,
        });
      }
      return replyWithPlainJson(reply).send(current);
    };

    app.put(
      '/:id/records/:recordId',
      write(false, `Replaces the whole record. ${IF_MATCH_NOTE}`),
      async (request, reply) => {
        const { id, recordId } = request.params;
        const ifMatch = readIfMatch(request.headers['if-match']);
        const data = request.body.data;
        const result = await updateRecord(ctx, auditScope(request), id, recordId, {
          data,
          partial: false,
          ifMatch,
        });
        return sendWrite(reply, result);
      },
    );

    app.patch(
      '/:id/records/:recordId',
      write(
        true,
        `Changes only the fields \`data\` names; the others keep their values. ${IF_MATCH_NOTE}`,
      ),
      async (request, reply) => {
        const { id, recordId } = request.params;
        const ifMatch = readIfMatch(request.headers['if-match']);
        const data = request.body.data;
        const result = await updateRecord(ctx, auditScope(request), id, recordId, {
          data,
          partial: true,
          ifMatch,
        });
        return sendWrite(reply, result);
      },
    );

    app.delete(
      '/:id/records/:recordId',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: recordParams,
          description: '409 when records of other tables link to it',
        },
      },
      async (request, reply) => {
        const { id, recordId } = request.params;
        await deleteRecord(ctx, auditScope(request), id, recordId);
        return reply.status(204).send();
      },
    );
  };
}
