import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserPatchBodySchema,
  adminUserSchema,
  adminUsersResponseSchema,
} from '@formbridge/contract/admin';
import type { AppContext } from '../../lib/context.ts';
import { currentUser } from '../../lib/current-user.ts';
import { presentAccount } from './admin.presenter.ts';
import { deleteUser, listUsers, updateUser } from './admin.service.ts';

const idParams = z.object({ id: z.string().max(64) });

/** /api/v1/admin: account administration, for the instance admin only (403 `admin_only`). */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['admin'], security: [{ bearer: [] }] };

    app.get(
      '/users',
      {
        config: { auth: 'admin' },
        schema: { ...secured, response: { 200: adminUsersResponseSchema } },
      },
      async () => ({ users: (await listUsers(ctx)).map(presentAccount) }),
    );

    app.patch(
      '/users/:id',
      {
        config: { auth: 'admin' },
        schema: {
          ...secured,
          description:
            '`disabled: true` revokes every token of the account at once and stops its sign-in; ' +
            '`can_invite` decides whether it may send invitations. 409 `not_yourself` when an ' +
            'admin disables their own account.',
          params: idParams,
          body: adminUserPatchBodySchema,
          response: { 200: adminUserSchema },
        },
      },
      async (request) =>
        presentAccount(
          await updateUser(ctx, currentUser(request), request.params.id, request.body),
        ),
    );

    app.delete(
      '/users/:id',
      {
        config: { auth: 'admin' },
        schema: {
          ...secured,
          description:
            'Deletes the account and everything it owns (204). 409 `not_yourself` for the ' +
            "admin's own account.",
          params: idParams,
        },
      },
      async (request, reply) => {
        await deleteUser(ctx, currentUser(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
