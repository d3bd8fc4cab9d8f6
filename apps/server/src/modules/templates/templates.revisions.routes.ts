import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  makeCurrentResponseSchema,
  revisionUploadResponseSchema,
  templateRevisionListSchema,
} from '@formbridge/contract/template-revisions';
import { auditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { currentMember } from '../../lib/current-member.ts';
import { readMultipartForm } from '../../lib/uploads.ts';
import type { TemplateRevisionMappings } from './templates.revision-mappings.ts';
import {
  listRevisions,
  makeRevisionCurrent,
  uploadRevision,
} from './templates.revisions.service.ts';

const idParams = z.object({ id: z.string().max(64) });
const revisionParams = z.object({ id: z.string().max(64), n: z.coerce.number().int().min(1) });

/**
 * /api/v1/pdf-templates/:id/revisions (issue 32): upload a new edition of the PDF (fields matched,
 * mappings carried), list the revisions, make one current.
 */
export function templateRevisionsRoutes(
  ctx: AppContext,
  mappings: TemplateRevisionMappings,
): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['templates'], security: [{ bearer: [] }] };

    app.post(
      '/:id/revisions',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: idParams,
          consumes: ['multipart/form-data'],
          description:
            'multipart/form-data with `pdf_file` (PDF, at most 10 MB): the new revision becomes current; its fields are matched to the current ones (same name, else same type and overlapping box on the same page, else the same caption) and the mappings carried over.',
          response: { 201: revisionUploadResponseSchema },
        },
      },
      async (request, reply) => {
        const form = await readMultipartForm(request);
        const result = await uploadRevision(
          ctx,
          auditScope(request),
          request.params.id,
          form.file,
          mappings,
        );
        return reply.status(201).send(result);
      },
    );

    app.get(
      '/:id/revisions',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: { ...secured, params: idParams, response: { 200: templateRevisionListSchema } },
      },
      async (request) => listRevisions(ctx, currentMember(request).workspaceId, request.params.id),
    );

    app.post(
      '/:id/revisions/:n/make-current',
      {
        config: { auth: 'user', role: 'editor' },
        schema: {
          ...secured,
          params: revisionParams,
          description:
            'Makes revision n current again: its PDF and fields, and the mappings it had when it was last current.',
          response: { 200: makeCurrentResponseSchema },
        },
      },
      async (request) =>
        makeRevisionCurrent(
          ctx,
          auditScope(request),
          request.params.id,
          request.params.n,
          mappings,
        ),
    );
  };
}
