import { soleOwnerMessage } from '@formbridge/contract/workspaces';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import {
  deleteWorkspaceRow,
  findOwnerAccount,
  insertMembership,
  insertWorkspace,
  listOwnedSharedWorkspaces,
} from './workspaces.repo.ts';

/** What a personal workspace is called until its Owner renames it. */
const PERSONAL_WORKSPACE_NAME = 'Personal';

/**
 * Gives a new account its personal workspace, whose id is the account's own, with the account as
 * its Owner; inside the account's own insert transaction, so no account is ever without one.
 */
export async function createPersonalWorkspace(
  trx: Db,
  user: { id: string; created_at: string },
): Promise<void> {
  await insertWorkspace(trx, {
    id: user.id,
    name: PERSONAL_WORKSPACE_NAME,
    personal_user_id: user.id,
    created_at: user.created_at,
  });
  await insertMembership(trx, {
    workspace_id: user.id,
    user_id: user.id,
    role: 'owner',
    created_at: user.created_at,
  });
}

/** Adds an account to a workspace with a role (an accepted invitation); no-op if a member. */
export async function addMembership(
  trx: Db,
  workspaceId: string,
  userId: string,
  role: string,
): Promise<void> {
  await insertMembership(trx, {
    workspace_id: workspaceId,
    user_id: userId,
    role,
    created_at: new Date().toISOString(),
  });
}

/**
 * Who acts for a workspace when nobody signed in does (a public form's generation): its Owner's
 * account, whose address fills `user_email`.
 */
export function findWorkspaceOwner(
  db: Db,
  workspaceId: string,
): Promise<{ id: string; email: string; created_at: string } | undefined> {
  return findOwnerAccount(db, workspaceId);
}

/**
 * Before an account is deleted (inside that transaction): the shared workspaces it owns alone go
 * with it; one that others still use stops the deletion with 409 naming it (its Owner transfers
 * it first), so no workspace is ever left without an Owner. Its personal workspace cascades.
 */
export async function releaseWorkspacesOf(trx: Db, userId: string): Promise<void> {
  const owned = await listOwnedSharedWorkspaces(trx, userId);
  const used = owned.find((workspace) => Number(workspace.member_count) > 1);
  if (used) {
    throw new AppError(409, soleOwnerMessage(used.name), 'workspace_owner');
  }
  for (const workspace of owned) {
    await deleteWorkspaceRow(trx, workspace.id);
  }
}
