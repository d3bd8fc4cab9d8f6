import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTableBodySchema,
  tableResponseSchema,
  tableUpdateResponseSchema,
  updateTableBodySchema,
} from '@formbridge/contract/tables';
import type { AppContext } from '../../lib/context.ts';
import { currentUser } from '../../lib/current-user.ts';
import { presentTable } from './tables.presenter.ts';
import { createTable, deleteTable, getTable, listTablesWithCounts } from './tables.service.ts';
import { updateTableSchema } from './tables.update.ts';

const idParams = z.object({ id: z.string().max(64) });

/** /api/v1/dynamic-tables: list, read, create, edit the schema, delete. */
export function tablesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['tables'], security: [{ bearer: [] }] };

    app.get(
      '/',
      {
        config: { auth: 'user' },
        schema: { ...secured, response: { 200: z.array(tableResponseSchema) } },
      },
      async (request) => {
        const tables = await listTablesWithCounts(ctx, currentUser(request).id);
        return tables.map(presentTable);
      },
    );

    app.get(
      '/:id',
      {
        config: { auth: 'user' },
        schema: { ...secured, params: idParams, response: { 200: tableResponseSchema } },
      },
      async (request) =>
        presentTable(await getTable(ctx, currentUser(request).id, request.params.id)),
    );

    app.post(
      '/',
      {
        config: { auth: 'user' },
        schema: { ...secured, body: createTableBodySchema, response: { 201: tableResponseSchema } },
      },
      async (request, reply) => {
        const table = await createTable(ctx, currentUser(request).id, request.body);
        return reply.status(201).send(presentTable(table));
      },
    );

    app.put(
      '/:id',
      {
        config: { auth: 'user' },
        schema: {
          ...secured,
          params: idParams,
          body: updateTableBodySchema,
          description:
            'The whole schema. Renamed fields and rules carry `previous_name`; removed fields ' +
            'must be listed in `confirm_remove_fields` (422 `confirmation_required` otherwise).',
          response: { 200: tableUpdateResponseSchema },
        },
      },
      async (request) => {
        const { table, droppedMappings } = await updateTableSchema(
          ctx,
          currentUser(request).id,
          request.params.id,
          request.body,
        );
        return { ...presentTable(table), dropped_mappings: droppedMappings };
      },
    );

    app.delete(
      '/:id',
      {
        config: { auth: 'user' },
        schema: {
          ...secured,
          params: idParams,
          description: '409 when another table links to it or template mappings use it',
        },
      },
      async (request, reply) => {
        await deleteTable(ctx, currentUser(request).id, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
