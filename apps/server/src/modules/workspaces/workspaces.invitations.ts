import { assignableRoleSchema, type WorkspaceInvitation } from '@formbridge/contract/workspaces';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import { memberScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Member } from '../../lib/current-member.ts';
import type { SessionUser } from '../../lib/current-user.ts';
import { notFound } from '../../lib/errors.ts';
import {
  listWorkspaceInvitations,
  resendWorkspaceInvitation,
  withdrawWorkspaceInvitation,
  type InvitationRow,
  type WorkspaceInvitationRow,
} from '../invitations/invitations.public.ts';
import { findWorkspace } from './workspaces.repo.ts';

function presentWorkspaceInvitation(row: WorkspaceInvitationRow): WorkspaceInvitation {
  return {
    id: row.id,
    email: row.email,
    // Written from the same enum when the invitation was sent; a stray value shows as Viewer.
    role: assignableRoleSchema.catch('viewer').parse(row.role),
    invited_by: row.invited_by,
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}

const target = (row: InvitationRow) => ({
  kind: 'invitation' as const,
  id: row.id,
  name: row.email,
});

/** The pending invitations into the member's workspace (Admins: the members screen). */
export async function listPendingInvitations(
  ctx: AppContext,
  member: Member,
): Promise<WorkspaceInvitation[]> {
  return (await listWorkspaceInvitations(ctx, member.workspaceId)).map(presentWorkspaceInvitation);
}

/** Withdraws a pending invitation (its link stops working), with an `invitation.withdrawn`. */
export function withdrawInvitation(ctx: AppContext, member: Member, id: string): Promise<void> {
  return withdrawWorkspaceInvitation(ctx, member.workspaceId, id, (trx, row) =>
    auditWrite(trx, memberScope(member), {
      action: 'invitation.withdrawn',
      target: target(row),
      before: { email: row.email, role: row.role },
    }),
  );
}

/** Sends a pending invitation again with a new link, with an `invitation.resent`. */
export async function resendInvitation(
  ctx: AppContext,
  member: Member,
  sender: SessionUser,
  id: string,
): Promise<WorkspaceInvitation> {
  const workspace = await findWorkspace(ctx.db, member.workspaceId);
  const row = await resendWorkspaceInvitation(
    ctx,
    sender,
    member.ip ?? '',
    { workspaceId: member.workspaceId, workspaceName: workspace?.name ?? '' },
    id,
    (trx, renewed) =>
      auditWrite(trx, memberScope(member), {
        action: 'invitation.resent',
        target: target(renewed),
        after: { expires_at: renewed.expires_at },
      }),
  );
  const pending = await listWorkspaceInvitations(ctx, member.workspaceId);
  const renewed = pending.find((each) => each.id === row.id);
  if (!renewed) {
    // Withdrawn or used in the moment since: nothing pending is left to show.
    throw notFound('Invitation');
  }
  return presentWorkspaceInvitation(renewed);
}
