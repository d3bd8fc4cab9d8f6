import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tableUpdateResponseSchema, updateTableBodySchema } from '@formbridge/contract/tables';
import { auditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { presentTable } from '../tables/tables.public.ts';
import { deleteTable } from './table-schema.delete.ts';
import { updateTableSchema } from './table-schema.service.ts';

const idParams = z.object({ id: z.string().max(64) });

/**
 * /api/v1/dynamic-tables/{id}: edit the schema, delete. Both reach past the table into its
 * records, files and mappings, which is why they live above those modules.
 */
export function tableSchemaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['tables'], security: [{ bearer: [] }] };

    app.put(
      '/:id',
      {
        config: { auth: 'user', role: 'editor' },
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
          auditScope(request),
          request.params.id,
          request.body,
        );
        return { ...presentTable(table), dropped_mappings: droppedMappings };
      },
    );

    app.delete(
      '/:id',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: idParams,
          description: '409 when another table links to it or template mappings use it',
        },
      },
      async (request, reply) => {
        await deleteTable(ctx, auditScope(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
