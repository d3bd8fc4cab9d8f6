import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from './context.ts';
import { createRequireAdmin, createRequireToken, createRequireUser } from './current-user.ts';

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
  }
}

export type RouteAuthEntry = { method: string; url: string; auth: RouteAuth };

/** Routes of the app's own modules; the API docs and the web app's files are not among them. */
export const isModuleRoute = (url: string) =>
  (url.startsWith('/api/') || url.startsWith('/files/')) &&
  !url.startsWith('/api/docs') &&
  url !== '/api/openapi.json';

/**
 * Attaches each route's auth check at `onRequest`, before the body is read or validated, so an
 * unauthenticated request is always a 401 (never a 422 for a body it had no right to send). A
 * module route without an `auth` option stops the app at start: nothing is public by omission.
 * Returns the table of every module route and its auth, filled as routes are registered.
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
    if (!isModuleRoute(route.url)) {
      return;
    }
    if (auth === undefined) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} says no auth ('user', 'token', 'admin' or 'public')`,
      );
    }
    for (const method of [route.method].flat().filter((one) => one !== 'HEAD')) {
      table.push({ method, url: route.url, auth });
    }
    if (auth !== 'public') {
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [checks[auth], ...existing];
    }
  });
  return table;
}
