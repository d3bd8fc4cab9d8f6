import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { API_TOKEN_CODES, API_TOKEN_MESSAGES, isApiToken } from '@formbridge/contract/api-tokens';
import { AUTH_ERRORS } from '@formbridge/contract/auth';
import { compileOnce } from '../db/compile-once.ts';
import type { Db } from '../db/database.ts';
import { toBoolean } from '../db/dialect.ts';
import { authenticateApiToken } from './api-token-auth.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import type { TokenClaims } from './tokens.ts';

/** Who acts: what services need of the signed-in account. */
export type CurrentUser = { id: string; email: string; created_at: string };

/** The signed-in account with its rights and the session its token names. */
export type SessionUser = CurrentUser & {
  is_admin: boolean;
  can_invite: boolean;
  /** The sign-in session the request's token names (sign-out revokes it). */
  sessionId: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: SessionUser | null;
    tokenClaims: TokenClaims | null;
  }
}

// Authentication is infrastructure every module relies on, so it reads the session and account
// itself (never the password hash) instead of importing the auth module. The database is asked on
// every request, so a revoked session or a disabled account is refused at once by every server
// process sharing it. Every signed-in request but the records pages reads it (compiled once).
const selectSessionUser = compileOnce((db, args: { userId: string; sessionId: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.email', 'users.created_at', 'users.is_admin', 'users.can_invite'])
    .where('sessions.id', '=', args.sessionId)
    .where('users.id', '=', args.userId)
    .where('users.disabled', '=', false),
);

async function findSessionUser(db: Db, claims: TokenClaims): Promise<SessionUser | undefined> {
  const [user] = await selectSessionUser(db, claims);
  return (
    user && {
      id: user.id,
      email: user.email,
      created_at: user.created_at,
      is_admin: toBoolean(user.is_admin),
      can_invite: toBoolean(user.can_invite) || toBoolean(user.is_admin),
      sessionId: claims.sessionId,
    }
  );
}

function unauthorized(detail: string): AppError {
  return new AppError(401, detail);
}

function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) {
    return null;
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The 401 for a token whose session or account is gone or disabled (or that does not verify). */
export function accountGone(): AppError {
  return unauthorized(AUTH_ERRORS.invalidToken);
}

/** What a valid bearer token names, else throws 401; the session and account are not read. */
async function verifyBearer(ctx: AppContext, request: FastifyRequest): Promise<TokenClaims> {
  const token = readBearer(request);
  if (!token) {
    throw unauthorized(AUTH_ERRORS.notAuthenticated);
  }
  const claims = await ctx.tokens.verify(token);
  if (!claims) {
    throw accountGone();
  }
  return claims;
}

/**
 * Resolves an API token (`fbt_…`, issue 33) to its creator's account, pinned to the token's
 * workspace and role (`request.apiToken`); such a request has no session (`sessionId` empty) and
 * every route that acts on the account itself refuses it (route-auth.ts).
 */
async function authenticateApiRequest(
  ctx: AppContext,
  request: FastifyRequest,
  secret: string,
): Promise<SessionUser> {
  const { caller, account } = await authenticateApiToken(ctx.db, request, secret, ctx.apiTokens);
  const user = { ...account, is_admin: false, can_invite: false, sessionId: '' };
  request.apiToken = caller;
  request.currentUser = user;
  return user;
}

/**
 * Resolves the bearer token to a live session of an enabled account, or an API token to the
 * account it acts for, else throws 401.
 */
export async function authenticateRequest(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<SessionUser> {
  const bearer = readBearer(request);
  if (bearer !== null && isApiToken(bearer)) {
    return authenticateApiRequest(ctx, request, bearer);
  }
  const claims = await verifyBearer(ctx, request);
  const user = await findSessionUser(ctx.db, claims);
  if (!user) {
    throw accountGone();
  }
  request.currentUser = user;
  return user;
}

/**
 * onRequest for a hot read whose own first query also confirms the session and account (one
 * database round trip fewer): only the token is checked here. The route reads the token's claims
 * with `tokenClaims(request)` and must throw `accountGone()` when its query finds no live session
 * of an enabled account; `currentUser(request)` stays unset and fails closed.
 */
export function createRequireToken(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request) => {
    const bearer = readBearer(request);
    if (bearer !== null && isApiToken(bearer)) {
      // An API token has no session for the route's query to confirm: checked in full here.
      await authenticateApiRequest(ctx, request, bearer);
      return;
    }
    request.tokenClaims = await verifyBearer(ctx, request);
  };
}

/** The claims of a request that passed `createRequireToken`; its session is not yet confirmed. */
export function tokenClaims(request: FastifyRequest): TokenClaims {
  if (!request.tokenClaims) {
    throw unauthorized(AUTH_ERRORS.notAuthenticated);
  }
  return request.tokenClaims;
}

/**
 * onRequest for protected routes: a valid bearer token of a user who still exists, else 401.
 * Routes then read the user with `currentUser(request)`.
 */
export function createRequireUser(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request) => {
    await authenticateRequest(ctx, request);
  };
}

/** onRequest for instance-admin routes: a signed-in admin, else 401/403. */
export function createRequireAdmin(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request) => {
    const user = await authenticateRequest(ctx, request);
    if (request.apiToken) {
      // Said as route-auth says it for every route an API token may not call.
      throw new AppError(403, API_TOKEN_MESSAGES.notForTokens, API_TOKEN_CODES.notForTokens);
    }
    if (!user.is_admin) {
      throw new AppError(403, AUTH_ERRORS.adminOnly, 'admin_only');
    }
  };
}

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.currentUser) {
    // A route that forgot its auth must fail closed, not act for nobody.
    throw unauthorized(AUTH_ERRORS.notAuthenticated);
  }
  return request.currentUser;
}
