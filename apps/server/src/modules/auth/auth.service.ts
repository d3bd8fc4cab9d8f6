import crypto from 'node:crypto';
import { AUTH_ERRORS, type SignupBody } from '@formbridge/contract/auth';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { acceptInvitation } from '../invitations/invitations.service.ts';
import { findUserByEmail, insertUser, type UserRow } from './auth.repo.ts';

/**
 * Registers a user; e-mails are unique ignoring case. With an invitation token the sign-up uses
 * the invitation up (also when ALLOW_SIGNUP=false); a bad token is refused even on an open server.
 */
export async function signup(ctx: AppContext, body: SignupBody): Promise<UserRow> {
  if (ctx.config.allowSignup === false && body.invite_token === undefined) {
    throw new AppError(403, AUTH_ERRORS.signupClosed, 'signup_closed');
  }
  return registerUser(ctx.db, body);
}

/**
 * Creates the account (using up `invite_token` when given) whatever ALLOW_SIGNUP says: the
 * sign-up route checks that first; `npm run create-user` opens a closed server's first account.
 */
export async function registerUser(db: Db, body: SignupBody): Promise<UserRow> {
  const inviteToken = body.invite_token;
  const email = body.email.trim();
  if (await findUserByEmail(db, email)) {
    throw new AppError(409, AUTH_ERRORS.emailTaken);
  }
  const row: UserRow = {
    id: crypto.randomUUID(),
    email,
    email_lower: email.toLowerCase(),
    password_hash: await hashPassword(body.password),
    created_at: new Date().toISOString(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      if (inviteToken !== undefined) {
        await acceptInvitation(trx, inviteToken, email);
      }
      await insertUser(trx, row);
    });
  } catch (error) {
    // Two sign-ups racing for one address: the index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) {
      throw new AppError(409, AUTH_ERRORS.emailTaken);
    }
    throw error;
  }
  return row;
}

/** Checks credentials under the failed-attempt limits and returns a bearer token. */
export async function login(
  ctx: AppContext,
  username: string,
  password: string,
  ip: string,
): Promise<string> {
  const email = username.trim().toLowerCase();
  await ctx.loginThrottle.assertAllowed(email, ip);
  const user = await findUserByEmail(ctx.db, email);
  const isValid = user
    ? await verifyPassword(user.password_hash, password)
    : (await burnPasswordCheck(password), false);
  if (!user || !isValid) {
    await ctx.loginThrottle.recordFailure(email, ip);
    throw new AppError(401, AUTH_ERRORS.badCredentials);
  }
  await ctx.loginThrottle.recordSuccess(email, ip);
  return ctx.tokens.issue(user.id);
}
