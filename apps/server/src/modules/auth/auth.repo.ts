import type { Db } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';

export type UserRow = UsersTable;

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

export async function insertUser(db: Db, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}
