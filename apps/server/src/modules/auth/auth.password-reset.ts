import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_ERRORS, PASSWORD_RESET_LIFETIME_MINUTES } from '@formbridge/contract/auth';
import { toBoolean } from '../../db/dialect.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { composePasswordReset } from './auth.password-reset.email.ts';
import {
  deleteOtherPasswordResets,
  findPasswordResetByHash,
  findUserByEmail,
  findUserById,
  insertPasswordReset,
  markPasswordResetUsed,
} from './auth.repo.ts';
import { setPassword } from './auth.service.ts';

// Only the hash is stored: whoever reads the database (or a backup) cannot reset with it.
function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * "Forgot password": e-mails a single-use link to the account of `email`, when there is an enabled
 * one. The caller answers 202 at once and never learns whether anything was sent: this runs after
 * the answer, so neither the answer nor its timing tells which addresses have accounts. Sends
 * count against the daily mail limits of the account and the requesting address; past them
 * nothing is sent (logged).
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  clientIp: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const user = await findUserByEmail(ctx.db, email.trim());
  if (!user || toBoolean(user.disabled)) {
    return;
  }
  try {
    await ctx.mailQuota.take({ userId: user.id, ip: clientIp }, 1, 1);
  } catch (error) {
    if (error instanceof AppError && error.status === 429) {
      log.warn({ userId: user.id }, 'password reset e-mail not sent: daily mail limit reached');
      return;
    }
    throw error;
  }
  const token = crypto.randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = new Date(now + PASSWORD_RESET_LIFETIME_MINUTES * 60_000).toISOString();
  await insertPasswordReset(ctx.db, {
    id: crypto.randomUUID(),
    user_id: user.id,
    token_hash: hashToken(token),
    created_at: new Date(now).toISOString(),
    expires_at: expiresAt,
    used_at: null,
  });
  const message = composePasswordReset({
    publicUrl: ctx.config.publicUrl,
    token,
    email: user.email,
    expiresAt,
  });
  await ctx.mailer.send(message);
}

/**
 * Sets the new password of the link's account: the link is used up (also by a confirmation racing
 * this one), the account's other links go, and every session is signed out. 400 when the link is
 * unknown, expired, used or its account disabled. Returns the account's address.
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<string> {
  const invalid = () => new AppError(400, AUTH_ERRORS.resetInvalid, 'reset_invalid');
  const reset = await findPasswordResetByHash(ctx.db, hashToken(token));
  if (!reset || reset.used_at !== null || Date.parse(reset.expires_at) <= Date.now()) {
    throw invalid();
  }
  const user = await findUserById(ctx.db, reset.user_id);
  if (!user || toBoolean(user.disabled)) {
    throw invalid();
  }
  if ((await markPasswordResetUsed(ctx.db, reset.id, new Date().toISOString())) === 0) {
    throw invalid();
  }
  await deleteOtherPasswordResets(ctx.db, user.id, reset.id);
  await setPassword(ctx.db, user.id, password);
  return user.email;
}
