import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mappingPreviewBodySchema,
  mappingPreviewSchema,
} from '@formbridge/contract/mapping-preview';
import { currentMember } from '../../lib/current-member.ts';
import type { FillDeps } from '../completed-forms/completed-forms.public.ts';
import { previewMappings } from './mapping-preview.service.ts';

const templateParams = z.object({ templateId: z.string().max(64) });

/** POST /api/v1/field-mappings/template/{id}/preview: values after transforms, with warnings. */
export function mappingPreviewRoutes(deps: FillDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/template/:templateId/preview',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: {
          tags: ['field mappings'],
          security: [{ bearer: [] }],
          description:
            "Each mapped field's value for one record after its transform, and the fill " +
            "report's warnings (too long, shrunk, unmatched option); nothing is stored.",
          params: templateParams,
          body: mappingPreviewBodySchema,
          response: { 200: mappingPreviewSchema },
        },
      },
      async (request) =>
        previewMappings(deps, currentMember(request), request.params.templateId, request.body),
    );
  };
}
