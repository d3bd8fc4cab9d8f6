import type { FastifyRequest } from 'fastify';
import { currentMember, type Member } from '../current-member.ts';
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
 * The audit scope of a signed-in request: the member's workspace, and the member as the actor
 * (from the web app or the API, with the client's address and agent).
 */
export function auditScope(request: FastifyRequest): AuditScope {
  return memberScope(currentMember(request));
}

/** The audit scope of a member's write in their workspace. */
export function memberScope(member: Member): AuditScope {
  return { workspaceId: member.workspaceId, actor: userActor(member.user, member) };
}

/** The audit scope of an account-level request that writes in the caller's personal workspace. */
export function personalAuditScope(request: FastifyRequest): AuditScope {
  const user = currentUser(request);
  return {
    workspaceId: user.id,
    actor: userActor(user, { ...requestOrigin(request), via: 'web' }),
  };
}
