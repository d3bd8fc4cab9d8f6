import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authSettingsSchema,
  loginBodySchema,
  signupBodySchema,
  tokenResponseSchema,
  userSchema,
} from '@formbridge/contract/auth';
import type { AppContext } from '../../lib/context.ts';
import { createRequireUser, currentUser } from '../../lib/current-user.ts';
import { presentUser } from './auth.presenter.ts';
import { login, signup } from './auth.service.ts';

/** /api/v1/auth: signup, login (form-encoded, OAuth2 password style) and the current user. */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const requireUser = createRequireUser(ctx);

    app.get(
      '/settings',
      { schema: { tags: ['auth'], response: { 200: authSettingsSchema } } },
      async () => ({ allow_signup: ctx.config.allowSignup !== false }),
    );

    app.post(
      '/signup',
      {
        schema: {
          tags: ['auth'],
          description: '403 `signup_closed` when ALLOW_SIGNUP=false.',
          body: signupBodySchema,
          response: { 201: userSchema },
        },
      },
      async (request, reply) => {
        const user = await signup(ctx, request.body);
        return reply.status(201).send(presentUser(user));
      },
    );

    app.post(
      '/login',
      {
        schema: {
          tags: ['auth'],
          consumes: ['application/x-www-form-urlencoded'],
          body: loginBodySchema,
          response: { 200: tokenResponseSchema },
        },
      },
      async (request) => {
        const { username, password } = request.body;
        const accessToken = await login(ctx, username, password, request.ip);
        return { access_token: accessToken, token_type: 'bearer' as const };
      },
    );

    app.get(
      '/me',
      {
        preHandler: requireUser,
        schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: userSchema } },
      },
      async (request) => presentUser(currentUser(request)),
    );
  };
}
