import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import { tableColumns } from '../../db/table-columns.ts';

/** The tables whose rows a delete can take to the trash, in foreign-key order (parents first). */
export const TRASH_TABLES = [
  'pdf_templates',
  'template_revisions',
  'dynamic_tables',
  'table_records',
  'record_files',
  'field_mappings',
  'completed_forms',
  'public_form_links',
  'public_data_links',
  'public_link_uploads',
] as const;
export type TrashTable = (typeof TRASH_TABLES)[number];

export type TrashRow = Record<string, unknown>;

/** What a trash item holds: every row its delete removed, by table, to insert back as they were. */
export type TrashPayload = { tables: Array<{ table: TrashTable; rows: TrashRow[] }> };

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const loose = (db: Db) => db as unknown as AnyDb;

/** The rows of `table` whose `column` is one of `values` (none for no values). */
export async function selectRows(
  db: Db,
  table: TrashTable,
  column: string,
  values: readonly string[],
): Promise<TrashRow[]> {
  if (values.length === 0) {
    return [];
  }
  return loose(db)
    .selectFrom(table)
    .selectAll()
    .where(column, 'in', [...values])
    .execute();
}

/** The ids of rows (their `id` column). */
export function idsOf(rows: readonly TrashRow[], column = 'id'): string[] {
  return rows.map((row) => String(row[column]));
}

/**
 * Inserts a payload's rows back, parents first, with their own ids. Only columns the table still
 * has are written (a later migration's new columns take their defaults), booleans as booleans
 * (a payload copied from SQLite holds 0/1).
 */
export async function insertRows(trx: Db, payload: TrashPayload): Promise<void> {
  const order = [...payload.tables].sort(
    (a, b) => TRASH_TABLES.indexOf(a.table) - TRASH_TABLES.indexOf(b.table),
  );
  for (const { table, rows } of order) {
    if (rows.length === 0) {
      continue;
    }
    const columns = await tableColumns(trx, table);
    const known = new Map(columns.map((column) => [column.name, column.isBoolean]));
    const values = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([key]) => known.has(key))
          .map(([key, value]) => [
            key,
            known.get(key) === true && typeof value === 'number' ? value !== 0 : value,
          ]),
      ),
    );
    // Inserts stay under PostgreSQL's 65,535 bind parameters per statement.
    const chunk = Math.max(1, Math.floor(30_000 / Math.max(1, known.size)));
    for (let start = 0; start < values.length; start += chunk) {
      await loose(trx)
        .insertInto(table)
        .values(values.slice(start, start + chunk))
        .execute();
    }
  }
}

/** The rows of one table in a payload. */
export function rowsOf(payload: TrashPayload, table: TrashTable): TrashRow[] {
  return payload.tables.filter((entry) => entry.table === table).flatMap((entry) => entry.rows);
}
