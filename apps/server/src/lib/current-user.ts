import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AUTH_ERRORS } from '@formbridge/contract/auth';
import type { Db } from '../db/database.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';

export type CurrentUser = { id: string; email: string; created_at: string };

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

// Authentication is infrastructure every module relies on, so it reads the account itself
// (never the password hash) instead of importing the auth module.
function findSessionUser(db: Db, id: string): Promise<CurrentUser | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
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

/** Resolves the bearer token to a user who still exists, else throws 401. */
export async function authenticateRequest(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<CurrentUser> {
  const token = readBearer(request);
  if (!token) {
    throw unauthorized(AUTH_ERRORS.notAuthenticated);
  }
  const userId = await ctx.tokens.verify(token);
  const user = userId ? await findSessionUser(ctx.db, userId) : undefined;
  if (!user) {
    throw unauthorized(AUTH_ERRORS.invalidToken);
  }
  request.currentUser = { id: user.id, email: user.email, created_at: user.created_at };
  return request.currentUser;
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
