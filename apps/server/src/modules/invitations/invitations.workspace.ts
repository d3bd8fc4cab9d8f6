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
 * E-mails a pending invitation again with a new link, valid for the full lifetime from now. The
 * mail goes out first and the new link replaces the old one only once the mail server took it:
 * when it cannot be reached (502) or refuses the address (422), the old link keeps working and
 * nothing is audited. (Withdrawn or used while the mail was on its way: 404, and the mail's link
 * never works.)
 */
export async function resendWorkspaceInvitation(
  ctx: AppContext,
  sender: SessionUser,
  clientIp: string,
  into: { workspaceId: string; workspaceName: string },
  id: string,
  audit: InvitationEvent,
): Promise<InvitationRow> {
  const pending = await getPendingRow(ctx.db, into.workspaceId, id);
  await ctx.mailQuota.take({ userId: sender.id, ip: clientIp }, 1, 1);
  const token = crypto.randomBytes(32).toString('base64url');
  const now = Date.now();
  const values = {
    token_hash: hashToken(token),
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + INVITATION_LIFETIME_DAYS * DAY_MS).toISOString(),
  };
  await sendInvitationMail(ctx, pending.email, {
    publicUrl: ctx.config.publicUrl,
    token,
    email: pending.email,
    inviterEmail: sender.email,
    expiresAt: values.expires_at,
    workspaceName: into.workspaceName,
  });
  return ctx.db.transaction().execute(async (trx) => {
    const row = await getPendingRow(trx, into.workspaceId, id);
    if ((await renewInvitationToken(trx, id, values)) === 0) {
      throw notFound('Invitation');
    }
    const next = { ...row, ...values };
    await audit(trx, next);
    return next;
  });
}

/** Sends one invitation e-mail; a server that is unreachable is a 502, one that refuses a 422. */
async function sendInvitationMail(
  ctx: AppContext,
  email: string,
  options: Parameters<typeof composeInvitation>[0],
): Promise<void> {
  try {
    const result = await ctx.mailer.send(composeInvitation(options));
    if (result.accepted.length === 0) {
      throw new AppError(
        422,
        `The mail server refused the recipient: ${email}`,
        'recipients_refused',
      );
    }
  } catch (error) {
    if (error instanceof MailDeliveryError) {
      throw new AppError(502, error.message, 'mail_failed');
    }
    throw error;
  }
}
