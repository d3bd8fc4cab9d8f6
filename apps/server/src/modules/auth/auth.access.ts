import type { Db } from '../../db/database.ts';
import { toBoolean } from '../../db/dialect.ts';
import { findUserByEmail, findUserById, type UserRow } from './auth.repo.ts';

/** An account as other modules see it: who it is, never its password hash. */
export type Account = { id: string; email: string; created_at: string; disabled: boolean };

function toAccount(row: UserRow): Account {
  return {
    id: row.id,
    email: row.email,
    created_at: row.created_at,
    disabled: toBoolean(row.disabled),
  };
}

/** The account with that id, or undefined when it has been deleted. */
export async function findAccount(db: Db, id: string): Promise<Account | undefined> {
  const row = await findUserById(db, id);
  return row && toAccount(row);
}

/** The account with that e-mail address (case does not matter), or undefined. */
export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  const row = await findUserByEmail(db, email);
  return row && toAccount(row);
}
