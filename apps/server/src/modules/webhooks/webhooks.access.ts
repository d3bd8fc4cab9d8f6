import type { FastifyRequest } from 'fastify';
import { currentMember, type Member } from '../../lib/current-member.ts';

/**
 * The Admin managing the workspace's webhooks. The route's `role: 'admin', workspace: 'path'`
 * checked membership and role, and route-auth refuses API tokens on Admin routes (an endpoint
 * and its secret decide where workspace data goes), before any of this runs.
 */
export function webhookAdmin(request: FastifyRequest): Member {
  return currentMember(request);
}
