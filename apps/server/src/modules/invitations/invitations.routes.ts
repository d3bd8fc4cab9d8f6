import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invitationCheckBodySchema,
  invitationCheckSchema,
  invitationCreateBodySchema,
  invitationSchema,
} from '@formbridge/contract/invitations';
import type { AppContext } from '../../lib/context.ts';
import { currentUser } from '../../lib/current-user.ts';
import { presentInvitation } from './invitations.presenter.ts';
import {
  checkInvitation,
  createInvitation,
  listInvitations,
  revokeInvitation,
} from './invitations.service.ts';

const idParams = z.object({ id: z.string().max(64) });

/** /api/v1/invitations: invite a colleague by e-mail, list and revoke; check a link (public). */
export function invitationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['invitations'], security: [{ bearer: [] }] };

    app.get(
      '/',
      {
        config: { auth: 'user', role: 'account' },
        schema: { ...secured, response: { 200: z.array(invitationSchema) } },
      },
      async (request) => {
        const rows = await listInvitations(ctx, currentUser(request).id);
        const now = Date.now();
        return rows.map((row) => presentInvitation(row, now));
      },
    );

    app.post(
      '/',
      {
        config: { auth: 'user', role: 'account' },
        schema: {
          ...secured,
          body: invitationCreateBodySchema,
          description:
            'E-mails a single-use sign-up link (valid 7 days, for this address only) that works ' +
            'also when ALLOW_SIGNUP=false. 403 `invite_not_allowed` unless the caller is an ' +
            'admin or was allowed to invite; 409 when the address has an account, 429 past the ' +
            'daily mail limit, 502 `mail_failed` when the mail server cannot be reached.',
          response: { 201: invitationSchema },
        },
      },
      async (request, reply) => {
        const row = await createInvitation(
          ctx,
          currentUser(request),
          request.body.email,
          request.ip,
        );
        return reply.status(201).send(presentInvitation(row));
      },
    );

    app.delete(
      '/:id',
      { config: { auth: 'user', role: 'account' }, schema: { ...secured, params: idParams } },
      async (request, reply) => {
        await revokeInvitation(ctx, currentUser(request).id, request.params.id);
        return reply.status(204).send();
      },
    );

    // A POST body, not a path or query: the token would otherwise end up in access logs.
    app.post(
      '/check',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['invitations'],
          description: 'Public: the invited address of a usable link; 404 `invitation_invalid`.',
          body: invitationCheckBodySchema,
          response: { 200: invitationCheckSchema },
        },
      },
      async (request) => checkInvitation(ctx, request.body.token),
    );
  };
}
