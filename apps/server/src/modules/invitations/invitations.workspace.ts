import crypto from 'node:crypto';
import { INVITATION_LIFETIME_DAYS, invitationStatus } from '@formbridge/contract/invitations';
import type { Db } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import type { SessionUser } from '../../lib/current-user.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { MailDeliveryError } from '../../lib/mail/mailer.ts';
import { composeInvitation } from './invitations.email.ts';
import {
  deletePendingWorkspaceInvitationRow,
  findWorkspaceInvitationRow,
  listPendingWorkspaceInvitationRows,
  renewInvitationToken,
  type InvitationRow,
  type WorkspaceInvitationRow,
} from './invitations.repo.ts';
import { hashToken } from './invitations.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Writes the audit event of a change to `row`, in the transaction that makes the change. */
export type InvitationEvent = (trx: Db, row: InvitationRow) => Promise<void>;

/** The workspace's pending invitations (unused, unexpired), newest first. */
export function listWorkspaceInvitations(
  ctx: AppContext,
  workspaceId: string,
): Promise<WorkspaceInvitationRow[]> {
  return listPendingWorkspaceInvitationRows(ctx.db, workspaceId, new Date().toISOString());
}

// Only a pending invitation of this workspace can be withdrawn or resent: another workspace's,
// a used or an expired one is a 404 alike.
async function getPendingRow(db: Db, workspaceId: string, id: string): Promise<InvitationRow> {
  const row = await findWorkspaceInvitationRow(db, workspaceId, id);
  if (!row || invitationStatus(row) !== 'pending') {
    throw notFound('Invitation');
  }
  return row;
}

/** Withdraws a pending invitation: its link stops working (sign-up with it is refused). */
export async function withdrawWorkspaceInvitation(
  ctx: AppContext,
  workspaceId: string,
  id: string,
  audit: InvitationEvent,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await getPendingRow(trx, workspaceId, id);
    if ((await deletePendingWorkspaceInvitationRow(trx, workspaceId, id)) === 0) {
      throw notFound('Invitation');
    }
    await audit(trx, row);
  });
}

/**
 * E-mails a pending invitation again with a new link, valid for the full lifetime from now; the
 * old link stops working. The new link is stored before the mail goes out, so when the mail
 * server fails (502) neither link works and the Admin can resend once more.
 */
export async function resendWorkspaceInvitation(
  ctx: AppContext,
  sender: SessionUser,
  clientIp: string,
  into: { workspaceId: string; workspaceName: string },
  id: string,
  audit: InvitationEvent,
): Promise<InvitationRow> {
  await getPendingRow(ctx.db, into.workspaceId, id);
  await ctx.mailQuota.take({ userId: sender.id, ip: clientIp }, 1, 1);
  const token = crypto.randomBytes(32).toString('base64url');
  const now = Date.now();
  const values = {
    token_hash: hashToken(token),
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + INVITATION_LIFETIME_DAYS * DAY_MS).toISOString(),
  };
  const renewed = await ctx.db.transaction().execute(async (trx) => {
    const row = await getPendingRow(trx, into.workspaceId, id);
    if ((await renewInvitationToken(trx, id, values)) === 0) {
      throw notFound('Invitation');
    }
    const next = { ...row, ...values };
    await audit(trx, next);
    return next;
  });
  const message = composeInvitation({
    publicUrl: ctx.config.publicUrl,
    token,
    email: renewed.email,
    inviterEmail: sender.email,
    expiresAt: renewed.expires_at,
    workspaceName: into.workspaceName,
  });
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    if (error instanceof MailDeliveryError) {
      throw new AppError(502, error.message, 'mail_failed');
    }
    throw error;
  }
  return renewed;
}
