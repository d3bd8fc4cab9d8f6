import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PasswordResetsTable, SessionsTable, UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type SessionRow = SessionsTable;
export type PasswordResetRow = PasswordResetsTable;

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_lower', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Whether any account exists (the first one becomes the instance admin). */
export async function hasAnyUser(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Db, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updatePasswordHash(db: Db, userId: string, hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** Revokes one session of the account; its token is refused from the next request on. */
export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '=', sessionId)
    .execute();
}

/** Revokes every session of the account, but `keepSessionId` when given. */
export async function deleteSessionsOfUser(
  db: Db,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== undefined) {
    query = query.where('id', '!=', keepSessionId);
  }
  await query.execute();
}

/** Sessions whose tokens have expired are only dead weight: dropped at the account's sign-in. */
export async function deleteExpiredSessions(db: Db, userId: string, now: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', now)
    .execute();
}

export async function insertPasswordReset(db: Db, row: PasswordResetRow): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

export function findPasswordResetByHash(
  db: Db,
  tokenHash: string,
): Promise<PasswordResetRow | undefined> {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Uses the link up; 0 when a concurrent confirmation used it first. */
export async function markPasswordResetUsed(db: Db, id: string, now: string): Promise<number> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Drops the account's other reset links (unused or not): only one reset per new password. */
export async function deleteOtherPasswordResets(
  db: Db,
  userId: string,
  keepId: string,
): Promise<void> {
  await db
    .deleteFrom('password_resets')
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .execute();
}
