import type { FastifyRequest } from 'fastify';
import { WORKSPACE_MESSAGES } from '@formbridge/contract/workspaces';
import type { AppContext } from '../../lib/context.ts';
import { currentUser } from '../../lib/current-user.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The workspace whose log a request may read, or 404 like a missing item. Until workspaces land
 * a user has only the personal one, whose id is the user's own.
 */
export async function requireAuditWorkspace(
  _ctx: AppContext,
  request: FastifyRequest,
  workspaceId: string,
): Promise<string> {
  if (workspaceId !== currentUser(request).id) {
    throw new AppError(404, WORKSPACE_MESSAGES.notFound);
  }
  return workspaceId;
}
