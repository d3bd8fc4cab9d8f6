import { sql } from 'kysely';
import type { Db } from './database.ts';
import { hasRowLocks } from './dialect.ts';

export type ColumnInfo = { name: string; isBoolean: boolean };

/**
 * The columns a table has now, with which ones are booleans: a row kept as JSON (the trash) is
 * written back with only the columns that still exist, booleans in the form the database takes.
 */
export async function tableColumns(db: Db, table: string): Promise<ColumnInfo[]> {
  if (hasRowLocks(db)) {
    const { rows } = await sql<{ column_name: string; data_type: string }>`
      SELECT column_name, data_type FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table}`.execute(db);
    return rows.map((row) => ({ name: row.column_name, isBoolean: row.data_type === 'boolean' }));
  }
  const { rows } = await sql<{ name: string; type: string }>`
    SELECT name, type FROM pragma_table_info(${table})`.execute(db);
  return rows.map((row) => ({ name: row.name, isBoolean: row.type.toLowerCase() === 'boolean' }));
}
