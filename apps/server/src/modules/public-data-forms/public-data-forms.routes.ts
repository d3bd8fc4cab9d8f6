import { PUBLIC_BODY_LIMIT_BYTES } from '@formbridge/contract/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  publicDataFormSchema,
  publicDataSubmitBodySchema,
  publicDataUploadSchema,
  publicMessageResponseSchema,
} from '@formbridge/contract/public-links';
import type { FastifyRequest } from 'fastify';
import { requestOrigin } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import type { PublicRateLimit } from '../../lib/public-rate-limit.ts';
import { readMultipartForm } from '../../lib/uploads.ts';
import { getPublicDataForm, submitPublicDataForm } from './public-data-forms.service.ts';
import { removeThroughLink, uploadThroughLink } from './public-data-forms.uploads.ts';

const tokenParams = z.object({ token: z.string().min(1).max(64) });
const LINK_STATES =
  'Unknown token → 404; deactivated or expired link → 410 (checked on every call).';

/** /api/v1/public-data-forms/{token}: the data-collection form a visitor fills, without signing in. */
export function publicDataFormRoutes(
  ctx: AppContext,
  deps: { rateLimit: PublicRateLimit },
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['public data forms'];
    const writeDeps = (request: FastifyRequest) => ({
      rateLimit: deps.rateLimit,
      ...requestOrigin(request),
      ip: request.ip,
    });

    app.get(
      '/:token',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          params: tokenParams,
          description: LINK_STATES,
          response: { 200: publicDataFormSchema },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return getPublicDataForm(ctx, request.params.token);
      },
    );

    app.post(
      '/:token/upload',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          params: tokenParams,
          consumes: ['multipart/form-data'],
          description:
            'multipart/form-data with `file` (one, at most 10 MB, type recognised by content) and ' +
            '`field_name` (a file field of the form). The file is attached to the record at once.',
          response: { 201: publicDataUploadSchema },
        },
      },
      async (request, reply) => {
        const read = () => readMultipartForm(request);
        const upload = await uploadThroughLink(ctx, request.params.token, read, writeDeps(request));
        return reply.status(201).send(upload);
      },
    );

    app.delete(
      '/:token/files/:fileId',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          params: tokenParams.extend({ fileId: z.string().max(64) }),
          description: 'Only files uploaded through this link; any other id is 404.',
        },
      },
      async (request, reply) => {
        const { token, fileId } = request.params;
        await removeThroughLink(ctx, token, fileId, writeDeps(request));
        return reply.status(204).send();
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
          body: publicDataSubmitBodySchema,
          description:
            '`form_data`: values by field id (left-out fields keep theirs); `files`: file ids by ' +
            'file field, as the upload returned them. 422 at ["body","form_data",id] / ' +
            '["body","files",id] in the spec’s words.',
          response: { 200: publicMessageResponseSchema },
        },
      },
      async (request) =>
        submitPublicDataForm(ctx, request.params.token, request.body, writeDeps(request)),
    );
  };
}
