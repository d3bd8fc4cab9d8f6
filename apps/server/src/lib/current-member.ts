import type { FastifyRequest } from 'fastify';
import { AUTH_ERRORS } from '@formbridge/contract/auth';
import {
  roleAllows,
  roleNeededMessage,
  WORKSPACE_HEADER,
  WORKSPACE_MESSAGES,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from '@formbridge/contract/workspaces';
import { compileOnce } from '../db/compile-once.ts';
import type { Db } from '../db/database.ts';
import type { CurrentUser } from './current-user.ts';
import { AppError } from './errors.ts';

/** How the request came in: a signed-in session (web) or an API token (issue 33). */
export type MemberVia = 'web' | 'api';

/** Who acts and where: the account, the workspace it acts in with its role, and from where. */
export type Member = {
  user: CurrentUser;
  workspaceId: string;
  role: WorkspaceRole;
  ip: string | null;
  userAgent: string | null;
  via: MemberVia;
  /** The API token the member acts through (issue 33): the audit log names it, not the account. */
  token?: { id: string; name: string };
};

/** The workspace a request acts in and the caller's role there (no account details). */
export type WorkspaceAccess = { workspaceId: string; role: WorkspaceRole };

/**
 * The least role a route needs (`config: { role }`), or `account` for a route that acts on the
 * signed-in account itself (sign-out, password, invitations to sign up, the workspace list) and
 * in no workspace.
 */
export type RouteRole = WorkspaceRole | 'account';

declare module 'fastify' {
  interface FastifyRequest {
    workspaceAccess: WorkspaceAccess | null;
  }
}

const selectRole = compileOnce((db, args: { workspaceId: string; userId: string }) =>
  db
    .selectFrom('workspace_members')
    .select('role')
    .where('workspace_id', '=', args.workspaceId)
    .where('user_id', '=', args.userId),
);

export function workspaceNotFound(): AppError {
  return new AppError(404, WORKSPACE_MESSAGES.notFound);
}

function isRole(value: string): value is WorkspaceRole {
  return (WORKSPACE_ROLES as readonly string[]).includes(value);
}

/** The caller's role in a workspace, or undefined when they are not a member of it. */
export async function findMemberRole(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceRole | undefined> {
  const [row] = await selectRole(db, { workspaceId, userId });
  return row && isRole(row.role) ? row.role : undefined;
}

/** The workspace the request names in `X-Workspace-Id`, or undefined for the personal one. */
export function requestedWorkspaceId(request: FastifyRequest): string | undefined {
  const header = request.headers[WORKSPACE_HEADER.toLowerCase()];
  const value = Array.isArray(header) ? header[0] : header;
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * Resolves where the request acts and checks the role it needs: the named workspace (the path's
 * for workspace routes, else `X-Workspace-Id`), by default the caller's personal one, whose id is
 * the caller's and where the caller is always Owner (ownership of a personal workspace never
 * moves), so the usual request asks nothing more of the database. Not a member: 404 like a
 * missing item; a role below `needed`: 403 naming the role needed.
 */
export async function resolveWorkspaceAccess(
  db: Db,
  request: FastifyRequest,
  userId: string,
  needed: WorkspaceRole,
  workspaceId: string | undefined,
): Promise<WorkspaceAccess> {
  let access: WorkspaceAccess;
  const token = request.apiToken;
  if (token) {
    // A token is pinned to its workspace: any other one is as unknown to it as to an outsider.
    if (workspaceId !== undefined && workspaceId !== token.workspaceId) {
      throw workspaceNotFound();
    }
    access = { workspaceId: token.workspaceId, role: token.role };
  } else if (workspaceId === undefined || workspaceId === userId) {
    access = { workspaceId: userId, role: 'owner' };
  } else {
    const role =
      workspaceId.length <= 64 ? await findMemberRole(db, workspaceId, userId) : undefined;
    if (!role) {
      throw workspaceNotFound();
    }
    access = { workspaceId, role };
  }
  if (!roleAllows(access.role, needed)) {
    throw new AppError(403, roleNeededMessage(needed, access.role), 'role_needed');
  }
  request.workspaceAccess = access;
  return access;
}

/** Where a request that passed its route's role check acts; fails closed otherwise. */
export function workspaceAccess(request: FastifyRequest): WorkspaceAccess {
  if (!request.workspaceAccess) {
    throw workspaceNotFound();
  }
  return request.workspaceAccess;
}

/** The member a `user` route acts as: account, workspace, role, client address and agent. */
export function currentMember(request: FastifyRequest): Member {
  const user = request.currentUser;
  const access = request.workspaceAccess;
  if (!user || !access) {
    throw new AppError(401, AUTH_ERRORS.notAuthenticated);
  }
  return {
    user: { id: user.id, email: user.email, created_at: user.created_at },
    workspaceId: access.workspaceId,
    role: access.role,
    ip: request.ip || null,
    userAgent: request.headers['user-agent'] ?? null,
    via: request.apiToken ? 'api' : 'web',
    ...(request.apiToken
      ? { token: { id: request.apiToken.id, name: request.apiToken.name } }
      : {}),
  };
}
