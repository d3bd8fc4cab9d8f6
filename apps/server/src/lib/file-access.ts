import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { requestedWorkspaceId, resolveWorkspaceAccess } from './current-member.ts';
import { authenticateRequest } from './current-user.ts';
import { AppError } from './errors.ts';

/**
 * Who may read a stored file: a member of the workspace that owns it (bearer token and
 * `X-Workspace-Id`; any role reads) or anyone holding a valid signed URL.
 */
export type FileAccess = { kind: 'owner'; ownerId: string } | { kind: 'signed' };

/**
 * Authorises a file download. A signed URL is bound to this exact path and expires; without one,
 * the bearer token must belong to a user (whose ownership the caller then checks).
 */
export function createFileAccess(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<FileAccess> => {
    const query = request.query as Record<string, unknown>;
    const path = request.url.split('?')[0] ?? '';
    if (query.signature !== undefined) {
      if (ctx.signer.verify(path, query.expires, query.signature)) {
        return { kind: 'signed' };
      }
      if (!request.headers.authorization) {
        throw new AppError(
          401,
          'This link has expired or is invalid. Reload the page to get a new one.',
        );
      }
    }
    const user = await authenticateRequest(ctx, request);
    const named = requestedWorkspaceId(request);
    const access = await resolveWorkspaceAccess(ctx.db, request, user.id, 'viewer', named);
    return { kind: 'owner', ownerId: access.workspaceId };
  };
}
