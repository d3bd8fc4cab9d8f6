import type { Db } from '../../db/database.ts';

const ACCOUNT_COLUMNS = [
  'id',
  'email',
  'is_admin',
  'disabled',
  'can_invite',
  'created_at',
] as const;

export type AccountRow = {
  id: string;
  email: string;
  is_admin: boolean | number;
  disabled: boolean | number;
  can_invite: boolean | number;
  created_at: string;
};

/** Every account of the instance, oldest first (never the password hash). */
export function listAccounts(db: Db): Promise<AccountRow[]> {
  return db
    .selectFrom('users')
    .select(ACCOUNT_COLUMNS)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function updateAccount(
  db: Db,
  id: string,
  changes: { disabled?: boolean; can_invite?: boolean },
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Revokes every session of the account (its tokens get 401 from the next request on). */
export async function deleteAccountSessions(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', id).execute();
}

/** Deletes the account; its templates, tables, records, forms and links go with it (cascade). */
export async function deleteAccountRow(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
