import type { FastifyRequest } from 'fastify';
import { currentUser } from '../current-user.ts';
import { userActor, type AuditActor } from './audit-actor.ts';

/** The workspace a request writes in and who writes: what a service needs to audit its write. */
export type AuditScope = { workspaceId: string; actor: AuditActor };

/** The client's address and user agent as the log keeps them. */
export function requestOrigin(request: FastifyRequest): {
  ip: string | null;
  userAgent: string | null;
} {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' ? agent : null };
}

/**
 * The audit scope of a signed-in request. The one place that knows how a request names its
 * workspace and member, so services never read the request themselves.
 */
export function auditScope(request: FastifyRequest): AuditScope {
  const user = currentUser(request);
  return {
    workspaceId: user.id,
    actor: userActor(user, { ...requestOrigin(request), via: 'web' }),
  };
}
