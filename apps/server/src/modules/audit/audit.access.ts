import type { FastifyRequest } from 'fastify';
import { currentMember } from '../../lib/current-member.ts';

/**
 * The workspace whose log a request reads: the one in the path, whose membership and Admin role
 * the route's `role: 'admin', workspace: 'path'` already checked (404 for a non-member, 403 below
 * Admin), before any of this runs.
 */
export function auditWorkspace(request: FastifyRequest): string {
  return currentMember(request).workspaceId;
}
