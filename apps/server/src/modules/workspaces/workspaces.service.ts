import crypto from 'node:crypto';
import { WORKSPACE_MESSAGES, type Workspace } from '@formbridge/contract/workspaces';
import { takeTransactionLock } from '../../db/dialect.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import { memberScope, type AuditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Member } from '../../lib/current-member.ts';
import { AppError } from '../../lib/errors.ts';
import { presentWorkspace } from './workspaces.presenter.ts';
import {
  deleteWorkspaceRow,
  findWorkspace,
  findWorkspaceOfMember,
  insertMembership,
  insertWorkspace,
  listWorkspacesOfUser,
  renameWorkspaceRow,
} from './workspaces.repo.ts';

/** The caller's workspaces, oldest first (the personal one is the account's first). */
export async function listWorkspaces(ctx: AppContext, userId: string): Promise<Workspace[]> {
  const rows = await listWorkspacesOfUser(ctx.db, userId);
  return rows.map((row) => presentWorkspace(row, userId));
}

/** A new shared workspace; its creator is its Owner. */
export async function createWorkspace(
  ctx: AppContext,
  creator: { userId: string; actor: AuditScope['actor'] },
  name: string,
): Promise<Workspace> {
  const now = new Date().toISOString();
  const id = crypto.randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    await insertWorkspace(trx, { id, name, personal_user_id: null, created_at: now });
    await insertMembership(trx, {
      workspace_id: id,
      user_id: creator.userId,
      role: 'owner',
      created_at: now,
    });
    // The first event of the new workspace's own log.
    await auditWrite(
      trx,
      { workspaceId: id, actor: creator.actor },
      {
        action: 'workspace.created',
        target: { kind: 'workspace', id, name },
        after: { name },
      },
    );
  });
  return { id, name, role: 'owner', personal: false };
}

async function getWorkspaceOf(ctx: AppContext, member: Member) {
  const row = await findWorkspaceOfMember(ctx.db, member.workspaceId, member.user.id);
  if (!row) {
    throw new AppError(404, WORKSPACE_MESSAGES.notFound);
  }
  return row;
}

/** Renames the member's workspace (Admins). */
export async function renameWorkspace(
  ctx: AppContext,
  member: Member,
  name: string,
): Promise<Workspace> {
  const before = await getWorkspaceOf(ctx, member);
  await ctx.db.transaction().execute(async (trx) => {
    await renameWorkspaceRow(trx, member.workspaceId, name);
    await auditWrite(trx, memberScope(member), {
      action: 'workspace.renamed',
      target: { kind: 'workspace', id: member.workspaceId, name },
      before: { name: before.name },
      after: { name },
    });
  });
  return presentWorkspace(await getWorkspaceOf(ctx, member), member.user.id);
}

/**
 * Deletes a shared workspace with everything in it (its rows cascade; the file sweep removes
 * the stored files no row names any more). A personal workspace goes only with its account.
 */
export async function deleteWorkspace(ctx: AppContext, member: Member): Promise<void> {
  const row = await findWorkspace(ctx.db, member.workspaceId);
  if (row?.personal_user_id) {
    throw new AppError(409, WORKSPACE_MESSAGES.personalNotDeletable);
  }
  await deleteWorkspaceRow(ctx.db, member.workspaceId);
}

/** The lock every change of a workspace's members takes: two changes never race the last Owner. */
export function lockMembers(
  trx: Parameters<typeof takeTransactionLock>[0],
  workspaceId: string,
): Promise<void> {
  return takeTransactionLock(trx, `workspace-members:${workspaceId}`);
}
