import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authSettingsSchema,
  changePasswordBodySchema,
  loginBodySchema,
  passwordResetBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetConfirmResponseSchema,
  signupBodySchema,
  tokenResponseSchema,
  userSchema,
} from '@formbridge/contract/auth';
import type { AppContext } from '../../lib/context.ts';
import { currentUser } from '../../lib/current-user.ts';
import { confirmPasswordReset, requestPasswordReset } from './auth.password-reset.ts';
import { presentNewUser, presentUser } from './auth.presenter.ts';
import { changePassword, login, logout, logoutEverywhere, signup } from './auth.service.ts';

/**
 * /api/v1/auth: signup, login (form-encoded, OAuth2 password style), the current user, sign-out
 * (this token or every token of the account), password change and "forgot password".
 */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['auth'], security: [{ bearer: [] }] };

    app.get(
      '/settings',
      {
        config: { auth: 'public' },
        schema: { tags: ['auth'], response: { 200: authSettingsSchema } },
      },
      async () => ({ allow_signup: ctx.config.allowSignup !== false }),
    );

    app.post(
      '/signup',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['auth'],
          description:
            '403 `signup_closed` when ALLOW_SIGNUP=false. The first account of a server is ' +
            'its administrator.',
          body: signupBodySchema,
          response: { 201: userSchema },
        },
      },
      async (request, reply) => {
        const user = await signup(ctx, request.body);
        return reply.status(201).send(presentNewUser(user));
      },
    );

    app.post(
      '/login',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['auth'],
          consumes: ['application/x-www-form-urlencoded'],
          description: '403 `account_disabled` (right password, account disabled by the admin).',
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
        config: { auth: 'user', role: 'account' },
        schema: { ...secured, response: { 200: userSchema } },
      },
      async (request) => presentUser(currentUser(request)),
    );

    app.post(
      '/logout',
      {
        config: { auth: 'user', role: 'account' },
        schema: { ...secured, description: 'Revokes the calling token at once (then 401).' },
      },
      async (request, reply) => {
        await logout(ctx, currentUser(request));
        return reply.status(204).send();
      },
    );

    app.post(
      '/logout-all',
      {
        config: { auth: 'user', role: 'account' },
        schema: {
          ...secured,
          description: "Revokes every token of the account, the caller's too.",
        },
      },
      async (request, reply) => {
        await logoutEverywhere(ctx, currentUser(request));
        return reply.status(204).send();
      },
    );

    app.post(
      '/change-password',
      {
        config: { auth: 'user', role: 'account' },
        schema: {
          ...secured,
          description:
            '204; 403 `wrong_password` when `current_password` is wrong (counted like failed ' +
            "sign-ins). Every other token of the account is revoked; the caller's stays.",
          body: changePasswordBodySchema,
        },
      },
      async (request, reply) => {
        const { current_password: current, new_password: next } = request.body;
        await changePassword(ctx, currentUser(request), current, next, request.ip);
        return reply.status(204).send();
      },
    );

    app.post(
      '/password-reset',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['auth'],
          description:
            '202 whatever the address: an enabled account gets an e-mail with a single-use ' +
            'link to /reset-password?token=… valid 1 hour.',
          body: passwordResetBodySchema,
        },
      },
      async (request, reply) => {
        // After the answer, so its timing says nothing about the address.
        requestPasswordReset(ctx, request.body.email, request.ip, request.log).catch(
          (error: unknown) => request.log.error({ err: error }, 'password reset e-mail failed'),
        );
        return reply.status(202).send();
      },
    );

    app.post(
      '/password-reset/confirm',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['auth'],
          description:
            'Sets the new password and signs the account out everywhere; 400 `reset_invalid` ' +
            'for an unknown, expired or used link.',
          body: passwordResetConfirmBodySchema,
          response: { 200: passwordResetConfirmResponseSchema },
        },
      },
      async (request) => {
        const email = await confirmPasswordReset(ctx, request.body.token, request.body.password);
        return { email };
      },
    );
  };
}
