import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataLinkCreateBodySchema,
  dataLinkSchema,
  dataLinkUpdateBodySchema,
} from '@formbridge/contract/public-links';
import { embedOriginsBodySchema, embedSettingsSchema } from '@formbridge/contract/embed';
import { auditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { currentMember } from '../../lib/current-member.ts';
import { getDataLinkEmbed, setDataLinkEmbed } from './data-links.embed.ts';
import { presentDataLink } from './data-links.presenter.ts';
import {
  changeDataLink,
  createDataLink,
  deleteDataLink,
  getDataLink,
  listDataLinks,
} from './data-links.service.ts';

const idParams = z.object({ id: z.string().max(64) });
const recordParams = z.object({ tableId: z.string().max(64), recordId: z.string().max(64) });

/** /api/v1/public-data-links: the owner's data-collection links (list, read, create, change, delete). */
export function dataLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['data links'], security: [{ bearer: [] }] };
    const publicUrl = ctx.config.publicUrl;

    app.get(
      '/',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: { ...secured, response: { 200: z.array(dataLinkSchema) } },
      },
      async (request) => {
        const rows = await listDataLinks(ctx, currentMember(request).workspaceId);
        const now = Date.now();
        return rows.map((row) => presentDataLink(row, publicUrl, now));
      },
    );

    app.get(
      '/:id',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: { ...secured, params: idParams, response: { 200: dataLinkSchema } },
      },
      async (request) =>
        presentDataLink(
          await getDataLink(ctx, currentMember(request).workspaceId, request.params.id),
          publicUrl,
        ),
    );

    app.post(
      '/:tableId/:recordId',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: recordParams,
          body: dataLinkCreateBodySchema,
          description:
            '`is_active` (default true), `custom_message` (at most 2000 characters), `expires_at` ' +
            '(ISO 8601 with a time zone, in the future; null or absent: never expires)',
          response: { 201: dataLinkSchema },
        },
      },
      async (request, reply) => {
        const row = await createDataLink(ctx, auditScope(request), request.params, request.body);
        return reply.status(201).send(presentDataLink(row, publicUrl));
      },
    );

    app.put(
      '/:id',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: idParams,
          body: dataLinkUpdateBodySchema,
          description:
            'Any of `is_active`, `expires_at`, `custom_message`; null clears the latter two',
          response: { 200: dataLinkSchema },
        },
      },
      async (request) => {
        const row = await changeDataLink(ctx, auditScope(request), request.params.id, request.body);
        return presentDataLink(row, publicUrl);
      },
    );

    app.get(
      '/:id/embed',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: {
          ...secured,
          params: idParams,
          description:
            "How to embed this data link's form in another site: the iframe and sizing script, " +
            'and the origins allowed to frame it (none by default).',
          response: { 200: embedSettingsSchema },
        },
      },
      async (request) =>
        getDataLinkEmbed(ctx, currentMember(request).workspaceId, request.params.id),
    );

    app.put(
      '/:id/embed',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: idParams,
          body: embedOriginsBodySchema,
          description:
            'Replaces the origins allowed to frame the form; an empty list stops all embedding.',
          response: { 200: embedSettingsSchema },
        },
      },
      async (request) =>
        setDataLinkEmbed(ctx, auditScope(request), request.params.id, request.body.allowed_origins),
    );

    app.delete(
      '/:id',
      { config: { auth: 'user', role: 'editor' }, schema: { ...secured, params: idParams } },
      async (request, reply) => {
        await deleteDataLink(ctx, auditScope(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
