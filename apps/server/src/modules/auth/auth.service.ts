import crypto from 'node:crypto';
import { AUTH_ERRORS, type SignupBody } from '@formbridge/contract/auth';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation, takeTransactionLock, toBoolean } from '../../db/dialect.ts';
import type { AppContext } from '../../lib/context.ts';
import type { SessionUser } from '../../lib/current-user.ts';
import { AppError } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { acceptInvitation } from '../invitations/invitations.public.ts';
import { addMembership, createPersonalWorkspace } from '../workspaces/workspaces.public.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOfUser,
  findUserByEmail,
  findUserById,
  hasAnyUser,
  insertSession,
  insertUser,
  updatePasswordHash,
  type NewUserRow,
  type UserRow,
} from './auth.repo.ts';

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
 * The first account of a server is its admin; `isAdmin` makes another one (`create-user --admin`).
 * Other new accounts may not invite until the admin allows it.
 */
export async function registerUser(
  db: Db,
  body: SignupBody,
  options: { isAdmin?: boolean } = {},
): Promise<UserRow> {
  const inviteToken = body.invite_token;
  const email = body.email.trim();
  if (await findUserByEmail(db, email)) {
    throw new AppError(409, AUTH_ERRORS.emailTaken);
  }
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const invitedInto =
        inviteToken === undefined ? null : await acceptInvitation(trx, inviteToken, email);
      // Two first sign-ups at once must not both see an empty table and both become admin.
      await takeTransactionLock(trx, 'users:first-admin');
      const isAdmin = options.isAdmin === true || !(await hasAnyUser(trx));
      const row = {
        id: crypto.randomUUID(),
        email,
        email_lower: email.toLowerCase(),
        password_hash: passwordHash,
        created_at: new Date().toISOString(),
        is_admin: isAdmin,
        disabled: false,
        can_invite: isAdmin,
      } satisfies NewUserRow;
      await insertUser(trx, row);
      await createPersonalWorkspace(trx, row);
      if (invitedInto) {
        await addMembership(trx, invitedInto.workspaceId, row.id, invitedInto.role);
      }
      return row;
    });
  } catch (error) {
    // Two sign-ups racing for one address: the index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) {
      throw new AppError(409, AUTH_ERRORS.emailTaken);
    }
    throw error;
  }
}

/** Opens a sign-in session for the account and returns its bearer token. */
async function openSession(ctx: AppContext, userId: string): Promise<string> {
  const now = Date.now();
  const sessionId = crypto.randomUUID();
  await deleteExpiredSessions(ctx.db, userId, new Date(now).toISOString());
  await insertSession(ctx.db, {
    id: sessionId,
    user_id: userId,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + ctx.config.jwtLifetimeSeconds * 1000).toISOString(),
  });
  return ctx.tokens.issue({ userId, sessionId });
}

/**
 * Checks credentials under the failed-attempt limits and returns a bearer token. A disabled
 * account hears so only with its right password (no hint for someone guessing).
 */
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
  if (toBoolean(user.disabled)) {
    throw new AppError(403, AUTH_ERRORS.accountDisabled, 'account_disabled');
  }
  return openSession(ctx, user.id);
}

/** Signs out the calling token: its session is deleted, so the token is refused everywhere. */
export async function logout(ctx: AppContext, user: SessionUser): Promise<void> {
  await deleteSession(ctx.db, user.id, user.sessionId);
}

/** Signs the account out everywhere: every session, the caller's too. */
export async function logoutEverywhere(ctx: AppContext, user: SessionUser): Promise<void> {
  await deleteSessionsOfUser(ctx.db, user.id);
}

/**
 * Changes the password after checking the current one (under the sign-in throttle, so a stolen
 * token cannot be used to guess it); every other session is signed out, the caller's stays.
 */
export async function changePassword(
  ctx: AppContext,
  user: SessionUser,
  currentPassword: string,
  newPassword: string,
  ip: string,
): Promise<void> {
  const key = user.email.toLowerCase();
  await ctx.loginThrottle.assertAllowed(key, ip);
  const row = await findUserById(ctx.db, user.id);
  if (!row || !(await verifyPassword(row.password_hash, currentPassword))) {
    await ctx.loginThrottle.recordFailure(key, ip);
    throw new AppError(403, AUTH_ERRORS.wrongCurrentPassword, 'wrong_password');
  }
  const hash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, hash);
    await deleteSessionsOfUser(trx, user.id, user.sessionId);
  });
}

/**
 * Sets a new password without the old one (a confirmed reset link, or the shell's
 * `reset-password`) and signs the account out everywhere.
 */
export async function setPassword(db: Db, userId: string, newPassword: string): Promise<void> {
  const hash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, userId, hash);
    await deleteSessionsOfUser(trx, userId);
  });
}
