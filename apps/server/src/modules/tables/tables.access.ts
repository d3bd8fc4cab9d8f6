import type { CombinationRule, Field } from '@formbridge/contract/tables';
import type { Db } from '../../db/database.ts';
import { readTable, type StoredTable } from './tables.model.ts';
import {
  deleteTableRow,
  lockTableRow,
  selectTable,
  selectTableOfAccountRow,
  selectTables,
  shareLockTableRows,
  updateTableRow,
} from './tables.repo.ts';

// What other modules do with tables, always for one owner. Each function runs on the `db` it is
// given: `ctx.db` for a read of its own, the caller's transaction to be part of its unit of work
// (docs/decisions.md, "Module surfaces").

/** The owner's table, or undefined for a missing id and for someone else's. */
export async function findTable(
  db: Db,
  ownerId: string,
  id: string,
): Promise<StoredTable | undefined> {
  const row = await selectTable(db, ownerId, id);
  return row && readTable(row);
}

/** Every table of the owner, newest first (the dashboard's "recent" order). */
export async function listTables(db: Db, ownerId: string): Promise<StoredTable[]> {
  return (await selectTables(db, ownerId)).map(readTable);
}

/**
 * The owner's table, its row lock held until `trx` ends. Every write to a table's schema, records
 * or files takes it first, so a schema change and a record save never interleave.
 */
export async function lockTable(
  trx: Db,
  ownerId: string,
  id: string,
): Promise<StoredTable | undefined> {
  const row = await lockTableRow(trx, ownerId, id);
  return row && readTable(row);
}

/**
 * Share-locks the owner's tables `ids` until `trx` ends, for link fields or mappings about to
 * point at them: a table delete then waits and sees the new reference, or has deleted the table
 * and its id is missing from the result.
 */
export function shareLockTables(
  trx: Db,
  ownerId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  return shareLockTableRows(trx, ownerId, ids);
}

/**
 * One read for a hot route that checked only the bearer token: undefined when its session is gone
 * or the account disabled, else the account's table `id` (undefined for a missing id and for
 * someone else's).
 */
export async function findTableOfAccount(
  db: Db,
  session: { userId: string; sessionId: string; workspaceId: string },
  id: string,
): Promise<{ table: StoredTable | undefined } | undefined> {
  const found = await selectTableOfAccountRow(db, session, id);
  return found && { table: found.table && readTable(found.table) };
}

/** A table's schema columns as a schema edit writes them (its records version moves on). */
export type TableSchemaColumns = {
  name: string;
  fields: readonly Field[];
  combination_rules: readonly CombinationRule[];
  use_display_field: boolean;
  display_field_key: string | null;
};

/** Writes a new schema to the owner's table, under the lock `trx` holds (see lockTable). */
export async function writeTableSchema(
  trx: Db,
  ownerId: string,
  id: string,
  schema: TableSchemaColumns,
  now: string,
): Promise<void> {
  await updateTableRow(trx, ownerId, id, {
    name: schema.name,
    fields: JSON.stringify(schema.fields),
    combination_rules: JSON.stringify(schema.combination_rules),
    use_display_field: schema.use_display_field,
    display_field_key: schema.display_field_key,
    updated_at: now,
  });
}

/** Deletes the owner's table; its records and their file rows go with it (foreign keys). */
export function removeTable(trx: Db, ownerId: string, id: string): Promise<void> {
  return deleteTableRow(trx, ownerId, id);
}
