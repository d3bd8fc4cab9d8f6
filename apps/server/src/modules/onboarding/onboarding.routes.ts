import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  onboardingSchema,
  onboardingUpdateSchema,
  sampleResponseSchema,
} from '@formbridge/contract/onboarding';
import { personalAuditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { currentUser } from '../../lib/current-user.ts';
import { createSample, getOnboarding, updateOnboarding } from './onboarding.service.ts';

/** /api/v1/onboarding: the dashboard's checklist and the one-click sample (issue 34). */
export function onboardingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['onboarding'], security: [{ bearer: [] }] };

    app.get(
      '/',
      {
        config: { auth: 'user', role: 'account' },
        schema: {
          ...secured,
          description:
            'The getting-started checklist (upload → table → map → generate), each step done ' +
            "when the account has one of its own; whether it was dismissed; the account's sample.",
          response: { 200: onboardingSchema },
        },
      },
      async (request) => getOnboarding(ctx, currentUser(request).id),
    );

    app.patch(
      '/',
      {
        config: { auth: 'user', role: 'account' },
        schema: {
          ...secured,
          description: 'Dismisses the checklist (or shows it again).',
          body: onboardingUpdateSchema,
          response: { 200: onboardingSchema },
        },
      },
      async (request) => updateOnboarding(ctx, currentUser(request).id, request.body),
    );

    app.post(
      '/sample',
      {
        config: { auth: 'user', role: 'account' },
        schema: {
          ...secured,
          description:
            'Makes the sample in one step: OSHA Form 301 (public domain) as a template, a table ' +
            'mapped to its fields and three records. Idempotent per account: 201 when made, 200 ' +
            'with the same template and table while they exist. 503 `sample_missing` when the ' +
            'server was installed without the sample file.',
          response: { 200: sampleResponseSchema, 201: sampleResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await createSample(
          ctx,
          currentUser(request).id,
          personalAuditScope(request),
        );
        return reply.status(result.created ? 201 : 200).send(result);
      },
    );
  };
}
