import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listTrashQuerySchema,
  trashEmptySchema,
  trashListSchema,
  trashRestoreSchema,
} from '@formbridge/contract/trash';
import { auditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { currentMember } from '../../lib/current-member.ts';
import { emptyTrash, listTrash, purgeFromTrash, restoreTrashItem } from './trash.service.ts';

const idParams = z.object({ id: z.string().max(64) });

/**
 * /api/v1/trash (issue 32): any member sees what was deleted; an Editor (who may delete) restores;
 * only an Admin deletes for good, one item or all of them.
 */
export function trashRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { tags: ['trash'], security: [{ bearer: [] }] };

    app.get(
      '/',
      {
        config: { auth: 'user', role: 'viewer' },
        schema: {
          ...secured,
          querystring: listTrashQuerySchema,
          description:
            'Most recently deleted first. `limit`/`offset` return one page; `X-Total-Count` ' +
            'holds the number of items in the trash.',
          response: { 200: trashListSchema },
        },
      },
      async (request, reply) => {
        const workspaceId = currentMember(request).workspaceId;
        const { items, total } = await listTrash(ctx, workspaceId, request.query);
        return reply.header('x-total-count', String(total)).send({ items });
      },
    );

    app.post(
      '/:id/restore',
      {
        config: { auth: 'user', role: 'editor' },
        schema: { ...secured, params: idParams, response: { 200: trashRestoreSchema } },
      },
      async (request) => restoreTrashItem(ctx, auditScope(request), request.params.id),
    );

    app.delete(
      '/:id',
      { config: { auth: 'user', role: 'admin' }, schema: { ...secured, params: idParams } },
      async (request, reply) => {
        await purgeFromTrash(ctx, auditScope(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.delete(
      '/',
      {
        config: { auth: 'user', role: 'admin' },
        schema: { ...secured, response: { 200: trashEmptySchema } },
      },
      async (request) => ({ purged: await emptyTrash(ctx, auditScope(request)) }),
    );
  };
}
