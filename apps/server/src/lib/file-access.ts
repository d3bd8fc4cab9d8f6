import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { authenticateRequest } from './current-user.ts';
import { AppError } from './errors.ts';

/** Who may read a stored file: its owner (bearer token) or anyone holding a valid signed URL. */
export type FileAccess = { kind: 'owner'; userId: string } | { kind: 'signed' };

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
    return { kind: 'owner', userId: user.id };
  };
}
