import { PUBLIC_BODY_LIMIT_BYTES } from '@formbridge/contract/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  publicFormLinkCreatedSchema,
  publicFormLinkSchema,
  publicFormLinksQuerySchema,
  publicFormPayloadSchema,
  publicFormSubmitBodySchema,
  publicFormSubmitResponseSchema,
} from '@formbridge/contract/public-links';
import { embedOriginsBodySchema, embedSettingsSchema } from '@formbridge/contract/embed';
import { auditScope, requestOrigin } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { currentMember } from '../../lib/current-member.ts';
import type { PublicRateLimit } from '../../lib/public-rate-limit.ts';
import { createFormLink, listFormLinks, revokeFormLink } from './public-forms.links.ts';
import { getFormLinkEmbed, setFormLinkEmbed } from './public-forms.embed.ts';
import { presentCreatedFormLink, presentFormLink } from './public-forms.presenter.ts';
import { streamTemplateFile } from '../templates/templates.public.ts';
import {
  findPublicFormPdf,
  getPublicForm,
  submitPublicForm,
  type GenerateForLink,
} from './public-forms.service.ts';

const tokenParams = z.object({ token: z.string().min(1).max(64) });

/**
 * The owner's side of document-form links, registered under /api/v1:
 * POST /completed-forms/public-link/{templateId}/{recordId}, GET /public-form-links,
 * DELETE /public-form-links/{idOrToken}, GET/PUT /public-forms/{token}/embed.
 */
export function publicFormLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['public form links'], security: [{ bearer: [] }] };
    const publicUrl = ctx.config.publicUrl;

    app.post(
      '/completed-forms/public-link/:templateId/:recordId',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: z.object({ templateId: z.string().max(64), recordId: z.string().max(64) }),
          description:
            'The active public link of this template and record: 201 when made now, 200 when it ' +
            'existed. 422 `not_mapped` when the template maps no field to the record’s table.',
          response: { 200: publicFormLinkCreatedSchema, 201: publicFormLinkCreatedSchema },
        },
      },
      async (request, reply) => {
        const { templateId, recordId } = request.params;
        const { row, isNew } = await createFormLink(ctx, auditScope(request), templateId, recordId);
        return reply.status(isNew ? 201 : 200).send(presentCreatedFormLink(row, publicUrl));
      },
    );

    app.get(
      '/public-form-links',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: {
          ...secured,
          querystring: publicFormLinksQuerySchema,
          response: { 200: z.array(publicFormLinkSchema) },
        },
      },
      async (request) => {
        const { template_id: templateId, record_id: recordId, include_revoked } = request.query;
        const rows = await listFormLinks(ctx, currentMember(request).workspaceId, {
          ...(templateId === undefined ? {} : { templateId }),
          ...(recordId === undefined ? {} : { recordId }),
          includeRevoked: include_revoked === 'true' || include_revoked === '1',
        });
        return rows.map((row) => presentFormLink(row, publicUrl));
      },
    );

    app.get(
      '/public-forms/:token/embed',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: {
          ...secured,
          params: tokenParams,
          description:
            'How to embed this document form in another site: the iframe and sizing script to ' +
            'paste, and the origins allowed to frame it (none by default). `{token}` is the ' +
            "link's token or id.",
          response: { 200: embedSettingsSchema },
        },
      },
      async (request) =>
        getFormLinkEmbed(ctx, currentMember(request).workspaceId, request.params.token),
    );

    app.put(
      '/public-forms/:token/embed',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: tokenParams,
          body: embedOriginsBodySchema,
          description:
            'Replaces the origins (`https://www.example.org`) allowed to frame the form; an ' +
            'empty list stops all embedding. 422 names an entry that is not a bare origin.',
          response: { 200: embedSettingsSchema },
        },
      },
      async (request) =>
        setFormLinkEmbed(
          ctx,
          auditScope(request),
          request.params.token,
          request.body.allowed_origins,
        ),
    );

    app.delete(
      '/public-form-links/:idOrToken',
      {
        config: { auth: 'user', role: 'editor' },
        schema: { ...secured, params: z.object({ idOrToken: z.string().max(64) }) },
      },
      async (request, reply) => {
        await revokeFormLink(ctx, auditScope(request), request.params.idOrToken);
        return reply.status(204).send();
      },
    );
  };
}

export type PublicFormRouteDeps = { rateLimit: PublicRateLimit; generate: GenerateForLink };

/** /api/v1/public-forms/{token}: the document form a visitor fills, without signing in. */
export function publicFormRoutes(
  ctx: AppContext,
  deps: PublicFormRouteDeps,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['public forms'];

    app.get(
      '/:token',
      {
        config: { auth: 'public' },
        schema: { tags, params: tokenParams, response: { 200: publicFormPayloadSchema } },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return getPublicForm(ctx, request.params.token);
      },
    );

    app.get(
      '/:token/pdf',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          params: tokenParams,
          description: "The form's PDF, while the link is active (404 once revoked or expired)",
        },
      },
      async (request, reply) => {
        const { ownerId, templateId } = await findPublicFormPdf(ctx, request.params.token);
        void reply.header('cache-control', 'no-store');
        return streamTemplateFile(ctx, { kind: 'owner', ownerId }, templateId, false, reply);
      },
    );

    app.post(
      '/:token/submit',
      {
        config: { auth: 'public' },
        bodyLimit: PUBLIC_BODY_LIMIT_BYTES,
        schema: {
          tags,
          params: tokenParams,
          body: publicFormSubmitBodySchema,
          description:
            'Values by field id (fields left out keep their values). 422 lists problems at ' +
            '["body", fieldId] in the spec’s words; then a new completed form is made for the owner.',
          response: { 200: publicFormSubmitResponseSchema },
        },
      },
      async (request) =>
        submitPublicForm(ctx, request.params.token, request.body, {
          rateLimit: deps.rateLimit,
          ...requestOrigin(request),
          ip: request.ip,
          generate: deps.generate,
          log: request.log,
        }),
    );
  };
}
