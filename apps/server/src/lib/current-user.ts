import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AUTH_ERRORS } from '@formbridge/contract/auth';
import { compileOnce } from '../db/compile-once.ts';
import type { Db } from '../db/database.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';

export type CurrentUser = { id: string; email: string; created_at: string };

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
    tokenUserId: string | null;
  }
}

// Authentication is infrastructure every module relies on, so it reads the account itself
// (never the password hash) instead of importing the auth module.
// Every signed-in request but the records pages reads it (compiled once: see compileOnce).
const selectSessionUser = compileOnce((db, args: { id: string }) =>
  db.selectFrom('users').select(['id', 'email', 'created_at']).where('id', '=', args.id),
);

async function findSessionUser(db: Db, id: string): Promise<CurrentUser | undefined> {
  const [user] = await selectSessionUser(db, { id });
  return user;
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

/** The 401 for a token whose account is gone (or a token that does not verify). */
export function accountGone(): AppError {
  return unauthorized(AUTH_ERRORS.invalidToken);
}

/** The user id a valid bearer token names, else throws 401; the account is not read. */
async function verifyBearer(ctx: AppContext, request: FastifyRequest): Promise<string> {
  const token = readBearer(request);
  if (!token) {
    throw unauthorized(AUTH_ERRORS.notAuthenticated);
  }
  const userId = await ctx.tokens.verify(token);
  if (!userId) {
    throw accountGone();
  }
  return userId;
}

/** Resolves the bearer token to a user who still exists, else throws 401. */
export async function authenticateRequest(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<CurrentUser> {
  const userId = await verifyBearer(ctx, request);
  const user = await findSessionUser(ctx.db, userId);
  if (!user) {
    throw accountGone();
  }
  request.currentUser = { id: user.id, email: user.email, created_at: user.created_at };
  return request.currentUser;
}

/**
 * onRequest for a hot read whose own first query also confirms the account (one database round
 * trip fewer): only the token is checked here. The route reads the token's user id with
 * `tokenUserId(request)` and must throw `accountGone()` when its query finds no such account;
 * `currentUser(request)` stays unset and fails closed.
 */
export function createRequireToken(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request) => {
    request.tokenUserId = await verifyBearer(ctx, request);
  };
}

/** The user id of a request that passed `createRequireToken`; its account is not yet confirmed. */
export function tokenUserId(request: FastifyRequest): string {
  if (!request.tokenUserId) {
    throw unauthorized(AUTH_ERRORS.notAuthenticated);
  }
  return request.tokenUserId;
}

/**
 * preHandler for protected routes: a valid bearer token of a user who still exists, else 401.
 * Routes then read the user with `currentUser(request)`.
 */
export function createRequireUser(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request) => {
    await authenticateRequest(ctx, request);
  };
}

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) {
    // A route that forgot its preHandler must fail closed, not act for nobody.
    throw unauthorized(AUTH_ERRORS.notAuthenticated);
  }
  return request.currentUser;
}
