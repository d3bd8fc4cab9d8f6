import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { API_TOKEN_CODES, API_TOKEN_MESSAGES } from '@formbridge/contract/api-tokens';
import { WORKSPACE_ROLES, type WorkspaceRole } from '@formbridge/contract/workspaces';
import type { AppContext } from './context.ts';
import { resolveWorkspaceAccess, requestedWorkspaceId, type RouteRole } from './current-member.ts';
import {
  createRequireAdmin,
  createRequireToken,
  createRequireUser,
  tokenClaims,
} from './current-user.ts';
import { AppError } from './errors.ts';

/**
 * Who may call a route, said once in its options (`config: { auth }`):
 * - `user`: a bearer token of a live session of an enabled account (`currentUser(request)`);
 * - `token`: the token only, for a hot read whose own first query confirms the session
 *   (`tokenClaims(request)`, see createRequireToken);
 * - `admin`: a user who is an instance admin;
 * - `public`: no account; the route checks what it takes itself (a link token, a signed URL,
 *   a password) or needs nothing (health, sign-up).
 */
export type RouteAuth = 'user' | 'token' | 'admin' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** `user`/`token` routes: the least role needed in the workspace, or `account` (none). */
    role?: RouteRole;
    /** `path`: the workspace is the path's `:id` (the /workspaces/{id} routes), not the header. */
    workspace?: 'path';
    /**
     * `false`: an API token may not call this route though its role would allow it (leaving a
     * workspace). Routes for Admins and Owners, the account's own and instance-admin routes
     * refuse tokens whatever this says (see `takesApiTokens`).
     */
    apiTokens?: false;
  }
}

export type RouteAuthEntry = {
  method: string;
  url: string;
  auth: RouteAuth;
  /** Set for `user` and `token` routes. */
  role?: RouteRole;
  /** Whether an API token (`fbt_…`) may call it. */
  apiTokens: boolean;
};

/**
 * Whether API tokens may call a route (issue 33). A token is at most an Editor of one workspace,
 * so it never manages anything: routes needing an Admin or the Owner (tokens, members,
 * invitations into the workspace, webhooks, settings), the account's own routes (sign-out,
 * password, invitations, the workspace list) and instance-admin routes all refuse it with 403,
 * here, in one place, before the route's own role check.
 */
export function takesApiTokens(
  auth: RouteAuth,
  role: RouteRole | undefined,
  flag?: false,
): boolean {
  if (auth !== 'user' && auth !== 'token') {
    return false;
  }
  return flag !== false && (role === 'editor' || role === 'viewer');
}

function refuseApiTokens(): onRequestAsyncHookHandler {
  return async (request) => {
    if (request.apiToken) {
      throw new AppError(403, API_TOKEN_MESSAGES.notForTokens, API_TOKEN_CODES.notForTokens);
    }
  };
}

/** Routes of the app's own modules; the API docs and the web app's files are not among them. */
export const isModuleRoute = (url: string) =>
  (url.startsWith('/api/') || url.startsWith('/files/')) &&
  !url.startsWith('/api/docs') &&
  url !== '/api/openapi.json';

const ROUTE_ROLES: readonly string[] = [...WORKSPACE_ROLES, 'account'];

function pathWorkspaceId(request: FastifyRequest): string | undefined {
  const { id } = request.params as { id?: unknown };
  return typeof id === 'string' ? id : undefined;
}

/** The check after authentication: the workspace the request acts in and the role it needs. */
function createRequireRole(
  ctx: AppContext,
  role: WorkspaceRole,
  fromPath: boolean,
): onRequestAsyncHookHandler {
  return async (request) => {
    const userId = request.currentUser?.id ?? tokenClaims(request).userId;
    const named = fromPath ? pathWorkspaceId(request) : requestedWorkspaceId(request);
    await resolveWorkspaceAccess(ctx.db, request, userId, role, named);
  };
}

/**
 * Attaches each route's auth check at `onRequest`, before the body is read or validated, so an
 * unauthenticated request is always a 401 (never a 422 for a body it had no right to send). Then,
 * for `user` and `token` routes, the workspace check: not a member 404, a role below the route's
 * `role` 403. A module route without `auth`, or a `user`/`token` route without `role`, stops the
 * app at start: nothing is public, or open to every role, by omission. Returns the table of every
 * module route with its auth and role, filled as routes are registered.
 */
export function registerRouteAuth(app: FastifyInstance, ctx: AppContext): RouteAuthEntry[] {
  const checks: Record<Exclude<RouteAuth, 'public'>, onRequestAsyncHookHandler> = {
    user: createRequireUser(ctx),
    token: createRequireToken(ctx),
    admin: createRequireAdmin(ctx),
  };
  const table: RouteAuthEntry[] = [];
  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    const role = route.config?.role;
    if (!isModuleRoute(route.url)) {
      return;
    }
    const name = `Route ${String(route.method)} ${route.url}`;
    if (auth === undefined) {
      throw new Error(`${name} says no auth ('user', 'token', 'admin' or 'public')`);
    }
    const inWorkspace = auth === 'user' || auth === 'token';
    if (inWorkspace && (role === undefined || !ROUTE_ROLES.includes(role))) {
      throw new Error(`${name} says no role (${ROUTE_ROLES.join(', ')})`);
    }
    if (!inWorkspace && role !== undefined) {
      throw new Error(`${name} is '${auth}': a role means nothing there`);
    }
    const apiTokens = takesApiTokens(auth, role, route.config?.apiTokens);
    for (const method of [route.method].flat().filter((one) => one !== 'HEAD')) {
      table.push({ method, url: route.url, auth, ...(role ? { role } : {}), apiTokens });
    }
    if (auth !== 'public') {
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      const tokenCheck = apiTokens ? [] : [refuseApiTokens()];
      const roleCheck =
        inWorkspace && role !== undefined && role !== 'account'
          ? [createRequireRole(ctx, role, route.config?.workspace === 'path')]
          : [];
      route.onRequest = [checks[auth], ...tokenCheck, ...roleCheck, ...existing];
    }
  });
  return table;
}
