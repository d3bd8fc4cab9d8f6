import crypto from 'node:crypto';
import { AUTH_ERRORS } from '@formbridge/contract/auth';
import {
  INVITATION_CODES,
  INVITATION_LIFETIME_DAYS,
  INVITATION_MESSAGES,
  invitationStatus,
  type InvitationCheck,
} from '@formbridge/contract/invitations';
import type { Db } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import type { SessionUser } from '../../lib/current-user.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { MailDeliveryError } from '../../lib/mail/mailer.ts';
import { composeInvitation } from './invitations.email.ts';
import {
  deleteInvitationRow,
  deleteOtherPendingInvitations,
  findInvitationByTokenHash,
  insertInvitation,
  isEmailRegistered,
  listInvitationRows,
  markInvitationAccepted,
  type InvitationRow,
} from './invitations.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

// Only the hash is stored: whoever reads the database (or a backup) cannot sign up with it.
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Invites `email` on behalf of `user` (an admin, or an account the admin allowed to invite):
 * stores the invitation, then e-mails the link (counted against the sender's daily mail quota).
 * A failed send keeps nothing; a sent one replaces the sender's earlier unused invitations to
 * that address, so only the newest link works.
 */
export async function createInvitation(
  ctx: AppContext,
  user: SessionUser,
  rawEmail: string,
  clientIp: string,
): Promise<InvitationRow> {
  if (!user.can_invite) {
    throw new AppError(403, INVITATION_MESSAGES.notAllowed, INVITATION_CODES.notAllowed);
  }
  return sendInvitation(ctx, user, rawEmail, clientIp, null);
}

/** Where a member invitation leads: the workspace (by id and name) and the role in it. */
/**
 * Events of a workspace invitation, written in the transactions that insert the invitation and,
 * when the mail server refuses it, delete it again (so no invitation exists without its event).
 */
export type InvitationAudit = {
  sent: (trx: Db, row: InvitationRow) => Promise<void>;
  failed: (trx: Db, row: InvitationRow) => Promise<void>;
};

export type InvitationInto = {
  workspaceId: string;
  workspaceName: string;
  role: string;
  audit?: InvitationAudit;
};

/**
 * Invites an address without an account into a workspace with a role (the members screen):
 * signing up with the link adds the membership. Allowed to whoever may invite, and to every
 * workspace Admin while sign-up is open (the person could sign up anyway).
 */
export async function createMemberInvitation(
  ctx: AppContext,
  user: SessionUser,
  rawEmail: string,
  clientIp: string,
  into: InvitationInto,
): Promise<InvitationRow> {
  if (!user.can_invite && ctx.config.allowSignup === false) {
    throw new AppError(403, INVITATION_MESSAGES.notAllowed, INVITATION_CODES.notAllowed);
  }
  return sendInvitation(ctx, user, rawEmail, clientIp, into);
}

async function sendInvitation(
  ctx: AppContext,
  user: SessionUser,
  rawEmail: string,
  clientIp: string,
  into: InvitationInto | null,
): Promise<InvitationRow> {
  const email = rawEmail.trim();
  const emailLower = email.toLowerCase();
  if (await isEmailRegistered(ctx.db, emailLower)) {
    throw new AppError(409, AUTH_ERRORS.emailTaken);
  }
  await ctx.mailQuota.take({ userId: user.id, ip: clientIp }, 1, 1);
  const token = crypto.randomBytes(32).toString('base64url');
  const now = Date.now();
  const row: InvitationRow = {
    id: crypto.randomUUID(),
    owner_id: user.id,
    email,
    email_lower: emailLower,
    token_hash: hashToken(token),
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + INVITATION_LIFETIME_DAYS * DAY_MS).toISOString(),
    accepted_at: null,
    workspace_id: into?.workspaceId ?? null,
    role: into?.role ?? null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertInvitation(trx, row);
    await into?.audit?.sent(trx, row);
  });
  const message = composeInvitation({
    publicUrl: ctx.config.publicUrl,
    token,
    email,
    inviterEmail: user.email,
    expiresAt: row.expires_at,
    workspaceName: into?.workspaceName,
  });
  try {
    const result = await ctx.mailer.send(message);
    if (result.accepted.length === 0) {
      throw new AppError(
        422,
        `The mail server refused the recipient: ${email}`,
        'recipients_refused',
      );
    }
  } catch (error) {
    await ctx.db.transaction().execute(async (trx) => {
      await deleteInvitationRow(trx, user.id, row.id);
      await into?.audit?.failed(trx, row);
    });
    if (error instanceof MailDeliveryError) {
      throw new AppError(502, error.message, 'mail_failed');
    }
    throw error;
  }
  await deleteOtherPendingInvitations(ctx.db, user.id, emailLower, row.id);
  return row;
}

/** The sender's invitations, newest first (pending, expired and accepted). */
export function listInvitations(ctx: AppContext, ownerId: string): Promise<InvitationRow[]> {
  return listInvitationRows(ctx.db, ownerId);
}

/** Withdraws an invitation: its link stops working (an accepted one only leaves the list). */
export async function revokeInvitation(ctx: AppContext, ownerId: string, id: string) {
  if ((await deleteInvitationRow(ctx.db, ownerId, id)) === 0) {
    throw notFound('Invitation');
  }
}

async function findUsableInvitation(db: Db, token: string): Promise<InvitationRow | undefined> {
  const row = await findInvitationByTokenHash(db, hashToken(token));
  return row && invitationStatus(row) === 'pending' ? row : undefined;
}

/** For the register page: the invited address of a usable link, or 404. */
export async function checkInvitation(ctx: AppContext, token: string): Promise<InvitationCheck> {
  const row = await findUsableInvitation(ctx.db, token);
  if (!row) {
    throw new AppError(404, INVITATION_MESSAGES.invalid, INVITATION_CODES.invalid);
  }
  return { email: row.email, expires_at: row.expires_at };
}

/**
 * Uses up an invitation for a sign-up of `email`, inside the sign-up's transaction (so a failed
 * sign-up leaves the link usable). 403 when the link is unknown, expired, already used (also by a
 * sign-up racing this one) or for another address. Returns the workspace and role it invites
 * into, if any (the sign-up adds that membership).
 */
export async function acceptInvitation(
  trx: Db,
  token: string,
  email: string,
): Promise<{ workspaceId: string; role: string } | null> {
  const row = await findUsableInvitation(trx, token);
  if (!row) {
    throw new AppError(403, INVITATION_MESSAGES.invalid, INVITATION_CODES.invalid);
  }
  if (row.email_lower !== email.toLowerCase()) {
    throw new AppError(403, INVITATION_MESSAGES.wrongEmail, INVITATION_CODES.wrongEmail);
  }
  if ((await markInvitationAccepted(trx, row.id, new Date().toISOString())) === 0) {
    throw new AppError(403, INVITATION_MESSAGES.invalid, INVITATION_CODES.invalid);
  }
  return row.workspace_id && row.role ? { workspaceId: row.workspace_id, role: row.role } : null;
}
