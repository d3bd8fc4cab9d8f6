import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { compileOnce } from '../../db/compile-once.ts';
import { hasRowLocks } from '../../db/dialect.ts';
import type { DynamicTablesTable } from '../../db/schema.ts';

export type TableRow = Selectable<DynamicTablesTable>;
export type NewTableRow = Insertable<DynamicTablesTable>;

/** The owner's table, or undefined for a missing id and for someone else's. */
export function selectTable(db: Db, ownerId: string, id: string): Promise<TableRow | undefined> {
  return db
    .selectFrom('dynamic_tables')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

// Every records page runs this first (compiled once: see compileOnce).
const selectTableOfAccount = compileOnce(
  (db, args: { userId: string; sessionId: string; workspaceId: string; id: string }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('dynamic_tables', (join) =>
        join
          .on('dynamic_tables.owner_id', '=', args.workspaceId)
          .on('dynamic_tables.id', '=', args.id),
      )
      .selectAll('dynamic_tables')
      .where('sessions.id', '=', args.sessionId)
      .where('users.id', '=', args.userId)
      .where('users.disabled', '=', false),
);

/**
 * One read for a hot route that checked only the bearer token: whether its session is live and
 * the account enabled (undefined when not), and the workspace's table `id` (undefined for a
 * missing id and for another workspace's).
 */
export async function selectTableOfAccountRow(
  db: Db,
  session: { userId: string; sessionId: string; workspaceId: string },
  id: string,
): Promise<{ table: TableRow | undefined } | undefined> {
  const [row] = await selectTableOfAccount(db, { ...session, id });
  if (!row) {
    return undefined;
  }
  // The left join's columns are all null when the workspace has no such table.
  return { table: row.id === null ? undefined : (row as TableRow) };
}

/**
 * Locks the owner's tables `ids` for share until the transaction ends, for link fields or
 * mappings about to point at them: the table delete (which takes the row lock first) then either waits
 * and sees the new reference, or has deleted the table and the id is missing from the result.
 */
export async function shareLockTableRows(
  trx: Db,
  ownerId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await trx
    .selectFrom('dynamic_tables')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', 'in', [...new Set(ids)])
    .$if(hasRowLocks(trx), (qb) => qb.forShare())
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Reads the owner's table inside a transaction and holds its row lock until the transaction ends
 * (a no-op UPDATE locks the row on PostgreSQL and takes the write lock on SQLite). Every write to a
 * table's schema, records or files takes it first, so a schema change and a record save never
 * interleave and a record is never written against a schema that just changed.
 */
export function lockTableRow(trx: Db, ownerId: string, id: string): Promise<TableRow | undefined> {
  return (
    trx
      .updateTable('dynamic_tables')
      // Rewriting a non-key column: PostgreSQL then takes a lock that foreign-key checks from
      // other tables do not wait for.
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
  );
}

/** Every table of the owner with its fields, newest first (the dashboard's "recent" order). */
export function selectTables(db: Db, ownerId: string): Promise<TableRow[]> {
  return db
    .selectFrom('dynamic_tables')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function insertTableRow(db: Db, row: NewTableRow): Promise<void> {
  await db.insertInto('dynamic_tables').values(row).execute();
}

/**
 * Writes the table's columns and moves its records version on: its fields, rules and display
 * settings shape every record a records page shows (kept pages stop holding).
 */
export async function updateTableRow(
  db: Db,
  ownerId: string,
  id: string,
  changes: Partial<
    Omit<NewTableRow, 'id' | 'owner_id' | 'created_at' | 'record_count' | 'records_version'>
  >,
): Promise<void> {
  await db
    .updateTable('dynamic_tables')
    .set((eb) => ({ ...changes, records_version: eb('records_version', '+', 1) }))
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}

/** Deletes the table; records and their file rows go with it (foreign keys cascade). */
export async function deleteTableRow(db: Db, ownerId: string, id: string): Promise<void> {
  await db
    .deleteFrom('dynamic_tables')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}
