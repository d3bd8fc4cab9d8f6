import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createMappingBodySchema,
  fieldMappingSchema,
  rejectSuggestionBodySchema,
  suggestResponseSchema,
  universalFieldSchema,
  updateMappingBodySchema,
} from '@formbridge/contract/mappings';
import { UNIVERSAL_FIELDS } from '@formbridge/contract/universal-fields';
import { auditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { currentMember } from '../../lib/current-member.ts';
import {
  changeMapping,
  createMapping,
  getMapping,
  listMappingsForTemplate,
  removeMapping,
  suggestMappings,
} from './mappings.service.ts';
import { rejectSuggestion } from './mappings.memory.ts';

const idParams = z.object({ id: z.string().max(64) });
const templateParams = z.object({ templateId: z.string().max(64) });

/** /api/v1/field-mappings: per-template mappings, suggestions and the universal values. */
export function mappingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['field mappings'], security: [{ bearer: [] }] };

    app.get(
      '/universal-dynamic-fields',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: { ...secured, response: { 200: z.array(universalFieldSchema) } },
      },
      async () => [...UNIVERSAL_FIELDS],
    );

    app.get(
      '/template/:templateId',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: {
          ...secured,
          params: templateParams,
          response: { 200: z.array(fieldMappingSchema) },
        },
      },
      async (request) =>
        listMappingsForTemplate(ctx, currentMember(request).workspaceId, request.params.templateId),
    );

    app.post(
      '/template/:templateId/suggest',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: templateParams,
          querystring: z.object({ table_id: z.string().max(64) }),
          response: { 200: suggestResponseSchema },
        },
      },
      async (request) => ({
        suggestions: await suggestMappings(
          ctx,
          currentMember(request).workspaceId,
          request.params.templateId,
          request.query.table_id,
        ),
      }),
    );

    app.post(
      '/template/:templateId/suggestions/reject',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          description:
            'Remembers a suggestion the user turned down (204): the same target is not suggested ' +
            'again for a field with the same caption and region on any template of the account.',
          params: templateParams,
          body: rejectSuggestionBodySchema,
        },
      },
      async (request, reply) => {
        await rejectSuggestion(ctx, auditScope(request), request.params.templateId, request.body);
        return reply.status(204).send();
      },
    );

    app.post(
      '/',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          body: createMappingBodySchema,
          response: { 201: fieldMappingSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createMapping(ctx, auditScope(request), request.body)),
    );

    app.get(
      '/:id',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: { ...secured, params: idParams, response: { 200: fieldMappingSchema } },
      },
      async (request) => getMapping(ctx, currentMember(request).workspaceId, request.params.id),
    );

    app.put(
      '/:id',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: idParams,
          body: updateMappingBodySchema,
          response: { 200: fieldMappingSchema },
        },
      },
      async (request) => changeMapping(ctx, auditScope(request), request.params.id, request.body),
    );

    app.delete(
      '/:id',
      { config: { auth: 'user', role: 'editor' }, schema: { ...secured, params: idParams } },
      async (request, reply) => {
        await removeMapping(ctx, auditScope(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
