import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordBodySchema, recordResponseSchema } from '@formbridge/contract/records';
import type { AppContext } from '../../lib/context.ts';
import { currentUser, tokenClaims } from '../../lib/current-user.ts';
import { replyWithPlainJson, sendJsonBytes } from '../../lib/plain-json-reply.ts';
import type { RecordsReader } from './records.reader.ts';
import { presentRecord } from './records.presenter.ts';
import {
  createRecord,
  deleteRecord,
  getRecord,
  updateRecord,
  type RecordsView,
} from './records.service.ts';

/** The largest page `?limit=` may ask for; without limit/offset the whole table comes back. */
export const MAX_PAGE_SIZE = 1000;

const tableParams = z.object({ id: z.string().max(64) });
const recordParams = tableParams.extend({ recordId: z.string().max(64) });
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/** /api/v1/dynamic-tables/{id}/records: list (whole or paged), read, create, replace, delete. */
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
        config: { auth: 'token' },
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
        const session = tokenClaims(request);
        const { limit, offset } = request.query;
        const isPaged = limit !== undefined || offset !== undefined;
        const page = isPaged ? { limit: limit ?? MAX_PAGE_SIZE, offset: offset ?? 0 } : undefined;
        const { total, body } = await reader.list(session, request.params.id, page);
        return sendJsonBytes(reply.header('x-total-count', String(total)), body);
      },
    );

    app.get(
      '/:id/records/:recordId',
      {
        config: { auth: 'user' },
        schema: { ...secured, params: recordParams, response: { 200: recordResponseSchema } },
      },
      async (request, reply) => {
        const { id, recordId } = request.params;
        const view = await getRecord(ctx, currentUser(request).id, id, recordId);
        return replyWithPlainJson(reply).send(presentOne(view));
      },
    );

    app.post(
      '/:id/records',
      {
        config: { auth: 'user' },
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
          currentUser(request).id,
          request.params.id,
          request.body.data,
        );
        return replyWithPlainJson(reply).status(201).send(presentOne(view));
      },
    );

    app.put(
      '/:id/records/:recordId',
      {
        config: { auth: 'user' },
        schema: {
          ...secured,
          params: recordParams,
          body: recordBodySchema,
          response: { 200: recordResponseSchema },
        },
      },
      async (request, reply) => {
        const { id, recordId } = request.params;
        const view = await updateRecord(
          ctx,
          currentUser(request).id,
          id,
          recordId,
          request.body.data,
        );
        return replyWithPlainJson(reply).send(presentOne(view));
      },
    );

    app.delete(
      '/:id/records/:recordId',
      {
        config: { auth: 'user' },
        schema: {
          ...secured,
          params: recordParams,
          description: '409 when records of other tables link to it',
        },
      },
      async (request, reply) => {
        const { id, recordId } = request.params;
        await deleteRecord(ctx, currentUser(request).id, id, recordId);
        return reply.status(204).send();
      },
    );
  };
}
