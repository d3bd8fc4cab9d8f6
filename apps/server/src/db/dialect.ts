import { PostgresAdapter, sql, type QueryExecutorProvider } from 'kysely';

/**
 * Everything that differs between SQLite and PostgreSQL lives here; queries and migrations
 * elsewhere are written once.
 */
export type DialectName = 'sqlite' | 'postgres';

/**
 * Whether `SELECT ... FOR SHARE / FOR UPDATE` exists. Only PostgreSQL has row locks; SQLite needs
 * none, because Kysely runs every SQLite transaction on its one connection, one at a time.
 */
export function hasRowLocks(db: { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Serialises the transactions that take the same named lock, until each commits or rolls back:
 * for a decision read from a table that a concurrent transaction could still change (e.g. "is
 * this the first account?"). A PostgreSQL transaction-scoped advisory lock; SQLite runs one
 * transaction at a time already.
 */
export async function takeTransactionLock(
  trx: QueryExecutorProvider & { getExecutor(): { adapter: unknown } },
  name: string,
): Promise<void> {
  if (hasRowLocks(trx)) {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
  }
}

/** True when the error is a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) {
    return false;
  }
  const { code, errcode, message } = error as {
    code?: unknown;
    errcode?: unknown;
    message?: unknown;
  };
  if (code === '23505') {
    return true; // PostgreSQL unique_violation
  }
  // node:sqlite: SQLITE_CONSTRAINT_UNIQUE (2067) / SQLITE_CONSTRAINT_PRIMARYKEY (1555)
  if (errcode === 2067 || errcode === 1555) {
    return true;
  }
  return typeof message === 'string' && message.includes('UNIQUE constraint failed');
}

/** SQLite returns booleans as 0/1; PostgreSQL as true/false. */
export function toBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}
