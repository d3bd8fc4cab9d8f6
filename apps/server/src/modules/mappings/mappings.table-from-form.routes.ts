import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addColumnsBodySchema,
  addColumnsResponseSchema,
  createTableFromTemplateBodySchema,
  createTableFromTemplateResponseSchema,
  tableProposalSchema,
} from '@formbridge/contract/table-proposal';
import { auditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { currentMember } from '../../lib/current-member.ts';
import { addColumnsFromTemplate, proposeColumnsForTable } from './mappings.add-columns.ts';
import { createTableFromTemplate, proposeTableForTemplate } from './mappings.table-from-form.ts';

const idParams = z.object({ id: z.string().max(64) });
const proposalQuery = z.object({ table_id: z.string().min(1).max(64).optional() });

/** /api/v1/pdf-templates/{id}/table-proposal and /create-table: a table made from the form. */
export function tableFromFormRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['templates'], security: [{ bearer: [] }] };

    app.post(
      '/:id/table-proposal',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          description:
            "A table schema proposed from the template's not-yet-mapped fields and their printed " +
            'captions, with the mapping of each field to its column and the fields left out. ' +
            'With `table_id`, fitted to that table ("Add missing columns"): only the columns it ' +
            'lacks, and mappings to those or to columns it already has.',
          params: idParams,
          querystring: proposalQuery,
          response: { 200: tableProposalSchema },
        },
      },
      async (request) => {
        const ownerId = currentMember(request).workspaceId;
        const tableId = request.query.table_id;
        return tableId === undefined
          ? proposeTableForTemplate(ctx, ownerId, request.params.id)
          : proposeColumnsForTable(ctx, ownerId, request.params.id, tableId);
      },
    );

    app.post(
      '/:id/add-columns',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          description:
            'Adds the listed columns to an existing table and maps the listed fields to their ' +
            'columns, new or existing, in one transaction. Mappings to a column the table does ' +
            'not have, and of fields already mapped, are skipped.',
          params: idParams,
          body: addColumnsBodySchema,
          response: { 200: addColumnsResponseSchema },
        },
      },
      async (request) =>
        addColumnsFromTemplate(ctx, auditScope(request), request.params.id, request.body),
    );

    app.post(
      '/:id/create-table',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          description:
            'Creates the proposed table (edited or not) and maps every listed field to its ' +
            'column in one transaction. Mappings to a column that is not in the table are skipped.',
          params: idParams,
          body: createTableFromTemplateBodySchema,
          response: { 201: createTableFromTemplateResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await createTableFromTemplate(
          ctx,
          auditScope(request),
          request.params.id,
          request.body,
        );
        return reply.status(201).send(result);
      },
    );
  };
}
