import { ADMIN_MESSAGES, type AdminUserPatchBody } from '@formbridge/contract/admin';
import type { AppContext } from '../../lib/context.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { releaseWorkspacesOf } from '../workspaces/workspaces.public.ts';
import {
  deleteAccountRow,
  deleteAccountSessions,
  findAccount,
  listAccounts,
  updateAccount,
  type AccountRow,
} from './admin.repo.ts';

export function listUsers(ctx: AppContext): Promise<AccountRow[]> {
  return listAccounts(ctx.db);
}

// An admin locking themselves out would leave the instance without anyone to undo it.
function refuseSelf(admin: CurrentUser, id: string): void {
  if (admin.id === id) {
    throw new AppError(409, ADMIN_MESSAGES.notYourself, 'not_yourself');
  }
}

/**
 * Disables or enables an account and/or allows it to invite. Disabling revokes every session at
 * once (a later enable does not bring the old tokens back).
 */
export async function updateUser(
  ctx: AppContext,
  admin: CurrentUser,
  id: string,
  changes: AdminUserPatchBody,
): Promise<AccountRow> {
  if (changes.disabled === true) {
    refuseSelf(admin, id);
  }
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await findAccount(trx, id))) {
      throw notFound('User');
    }
    await updateAccount(trx, id, changes);
    if (changes.disabled === true) {
      await deleteAccountSessions(trx, id);
    }
    const updated = await findAccount(trx, id);
    if (!updated) {
      throw notFound('User');
    }
    return updated;
  });
}

/**
 * Deletes an account with its personal workspace and everything in it, and the shared
 * workspaces it owns alone; 409 naming a workspace it owns that others still use (transfer
 * first). Stored files are removed by the file sweep (stored files no row owns).
 */
export async function deleteUser(ctx: AppContext, admin: CurrentUser, id: string): Promise<void> {
  refuseSelf(admin, id);
  await ctx.db.transaction().execute(async (trx) => {
    await releaseWorkspacesOf(trx, id);
    if ((await deleteAccountRow(trx, id)) === 0) {
      throw notFound('User');
    }
  });
}
