import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiTokenCreateBodySchema,
  apiTokenCreatedSchema,
  apiTokenListSchema,
} from '@formbridge/contract/api-tokens';
import type { AppContext } from '../../lib/context.ts';
import { currentMember } from '../../lib/current-member.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.ts';

const idParams = z.object({ id: z.string().max(64) });
const tokenParams = z.object({ id: z.string().max(64), token_id: z.string().max(64) });

/**
 * /api/v1/workspaces/{id}/tokens: the workspace's API tokens, for its Admins. Being Admin routes,
 * they refuse every API token (route-auth.ts): a token never makes or revokes tokens.
 */
export function apiTokenRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['api-tokens'], security: [{ bearer: [] }] };
    const config = { auth: 'user', role: 'admin', workspace: 'path' } as const;

    app.get(
      '/:id/tokens',
      {
        config,
        schema: {
          ...secured,
          params: idParams,
          description: 'Live tokens, newest first; never the secret.',
          response: { 200: apiTokenListSchema },
        },
      },
      async (request) => ({
        tokens: await listApiTokens(ctx, currentMember(request).workspaceId),
      }),
    );

    app.post(
      '/:id/tokens',
      {
        config,
        schema: {
          ...secured,
          params: idParams,
          body: apiTokenCreateBodySchema,
          description:
            'A new token (Editor or Viewer). `token` (`fbt_…`) is shown in this answer only. ' +
            '409 when a live token of the workspace has the name.',
          response: { 201: apiTokenCreatedSchema },
        },
      },
      async (request, reply) => {
        const created = await createApiToken(ctx, currentMember(request), request.body);
        return reply.status(201).header('cache-control', 'no-store').send(created);
      },
    );

    app.delete(
      '/:id/tokens/:token_id',
      {
        config,
        schema: {
          ...secured,
          params: tokenParams,
          description: 'Revokes the token at once: it answers 401 from then on.',
        },
      },
      async (request, reply) => {
        await revokeApiToken(ctx, currentMember(request), request.params.token_id);
        return reply.status(204).send();
      },
    );
  };
}
