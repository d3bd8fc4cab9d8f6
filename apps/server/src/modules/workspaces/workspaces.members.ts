import {
  roleNeededMessage,
  WORKSPACE_MESSAGES,
  type AssignableRole,
  type Member as MemberShape,
} from '@formbridge/contract/workspaces';
import type { Invitation } from '@formbridge/contract/invitations';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import { memberScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Member } from '../../lib/current-member.ts';
import type { SessionUser } from '../../lib/current-user.ts';
import { AppError } from '../../lib/errors.ts';
import { createMemberInvitation, presentInvitation } from '../invitations/invitations.public.ts';
import { presentMember } from './workspaces.presenter.ts';
import {
  deleteMembership,
  findMemberRow,
  findUserIdByEmail,
  findWorkspace,
  insertMembership,
  listMemberRows,
  setMemberRole,
  type MemberRow,
} from './workspaces.repo.ts';
import { lockMembers } from './workspaces.service.ts';

/** One event of a membership change: the member by address, their role before → after. */
function auditMember(
  trx: Db,
  member: Member,
  action: string,
  target: { user_id?: string; id?: string; email: string },
  before: string | null,
  after: string | null,
): Promise<void> {
  const id = target.user_id ?? target.id ?? '';
  return auditWrite(trx, memberScope(member), {
    action,
    target: { kind: 'member', id, name: target.email },
    before: before === null ? null : { role: before },
    after: after === null ? null : { role: after },
  });
}

function memberNotFound(): AppError {
  return new AppError(404, WORKSPACE_MESSAGES.memberNotFound);
}

async function getMemberRow(db: Db, workspaceId: string, userId: string): Promise<MemberRow> {
  const row = await findMemberRow(db, workspaceId, userId);
  if (!row) {
    throw memberNotFound();
  }
  return row;
}

/** The workspace's members, the longest-standing first. */
export async function listMembers(ctx: AppContext, workspaceId: string): Promise<MemberShape[]> {
  return (await listMemberRows(ctx.db, workspaceId)).map(presentMember);
}

export type AddedMember =
  { kind: 'added'; member: MemberShape } | { kind: 'invited'; invitation: Invitation };

/**
 * Adds the account with that address at once, or, when there is none, e-mails an invitation
 * into the workspace with the role (signing up with it adds the membership).
 */
export async function addMember(
  ctx: AppContext,
  member: Member,
  sender: SessionUser,
  body: { email: string; role: AssignableRole },
): Promise<AddedMember> {
  const account = await findUserIdByEmail(ctx.db, body.email.trim().toLowerCase());
  if (!account) {
    const workspace = await findWorkspace(ctx.db, member.workspaceId);
    const target = (row: { id: string; email: string }) => ({
      kind: 'invitation' as const,
      id: row.id,
      name: row.email,
    });
    const row = await createMemberInvitation(ctx, sender, body.email, member.ip ?? '', {
      workspaceId: member.workspaceId,
      workspaceName: workspace?.name ?? '',
      role: body.role,
      audit: {
        sent: (trx, sent) =>
          auditWrite(trx, memberScope(member), {
            action: 'invitation.sent',
            target: target(sent),
            after: { email: sent.email, role: body.role },
          }),
        // The mail server refused it: the invitation is gone again, and the log says so.
        failed: (trx, refused) =>
          auditWrite(trx, memberScope(member), {
            action: 'invitation.failed',
            target: target(refused),
            before: { email: refused.email, role: body.role },
          }),
      },
    });
    return { kind: 'invited', invitation: presentInvitation(row) };
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertMembership(trx, {
        workspace_id: member.workspaceId,
        user_id: account.id,
        role: body.role,
        created_at: new Date().toISOString(),
      });
      await auditMember(trx, member, 'member.added', account, null, body.role);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, WORKSPACE_MESSAGES.alreadyMember);
    }
    throw error;
  }
  return { kind: 'added', member: { user_id: account.id, email: account.email, role: body.role } };
}

/** Changes a member's role (Admins); the Owner's changes only by a transfer. */
export async function changeMemberRole(
  ctx: AppContext,
  member: Member,
  userId: string,
  role: AssignableRole,
): Promise<MemberShape> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockMembers(trx, member.workspaceId);
    const target = await getMemberRow(trx, member.workspaceId, userId);
    if (target.role === 'owner') {
      throw new AppError(409, WORKSPACE_MESSAGES.ownerRole);
    }
    await setMemberRole(trx, member.workspaceId, userId, role);
    await auditMember(trx, member, 'member.role_changed', target, target.role, role);
    return presentMember({ ...target, role });
  });
}

/**
 * Removes a member (Admins), or the caller themselves (leaving, any role). The Owner cannot
 * leave nor be removed: ownership moves first, by a transfer.
 */
export async function removeMember(ctx: AppContext, member: Member, userId: string) {
  const isSelf = userId === member.user.id;
  if (!isSelf && member.role !== 'owner' && member.role !== 'admin') {
    throw new AppError(403, roleNeededMessage('admin', member.role), 'role_needed');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await lockMembers(trx, member.workspaceId);
    const target = await getMemberRow(trx, member.workspaceId, userId);
    if (target.role === 'owner') {
      throw new AppError(409, isSelf ? WORKSPACE_MESSAGES.lastOwner : WORKSPACE_MESSAGES.ownerRole);
    }
    await deleteMembership(trx, member.workspaceId, userId);
    await auditMember(
      trx,
      member,
      isSelf ? 'member.left' : 'member.removed',
      target,
      target.role,
      null,
    );
  });
}

/**
 * Makes another member the Owner; the previous Owner stays as an Admin. A personal workspace
 * stays with its account.
 */
export async function transferOwnership(
  ctx: AppContext,
  member: Member,
  userId: string,
): Promise<MemberShape[]> {
  const workspace = await findWorkspace(ctx.db, member.workspaceId);
  if (workspace?.personal_user_id) {
    throw new AppError(409, WORKSPACE_MESSAGES.personalNotTransferable);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await lockMembers(trx, member.workspaceId);
    const caller = await getMemberRow(trx, member.workspaceId, member.user.id);
    if (caller.role !== 'owner') {
      // Ownership moved since the request's role check (a transfer racing this one).
      throw new AppError(403, roleNeededMessage('owner', member.role), 'role_needed');
    }
    const target = await getMemberRow(trx, member.workspaceId, userId);
    if (target.role === 'owner') {
      return;
    }
    await setMemberRole(trx, member.workspaceId, member.user.id, 'admin');
    await setMemberRole(trx, member.workspaceId, userId, 'owner');
    await auditMember(trx, member, 'member.role_changed', caller, 'owner', 'admin');
    await auditMember(trx, member, 'member.role_changed', target, target.role, 'owner');
  });
  return listMembers(ctx, member.workspaceId);
}
