import type { Db } from '../../db/database.ts';
import { findOwnerAccount, insertMembership, insertWorkspace } from './workspaces.repo.ts';

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
