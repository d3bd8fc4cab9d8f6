import { sql, type Kysely } from 'kysely';
import type { Db } from './database.ts';

/** Row count per table copied, in the order the tables were filled. */
export type CopySummary = Array<{ table: string; rows: number }>;

export class TargetNotEmptyError extends Error {}

/** Kysely's own bookkeeping: the target's migrator has already written its rows. */
const SKIPPED = /^(kysely_migration|kysely_migration_lock|sqlite_.*)$/;

type PgColumn = { table_name: string; column_name: string; data_type: string };

/**
 * Copies every application table of a SQLite database into a migrated, empty PostgreSQL database
 * in one transaction. Both sides come from the same migrations, so only the value forms differ:
 * SQLite keeps booleans as 0/1 (times, ids and JSON are text on both). Tables are filled parents
 * first, following the target's foreign keys, so no constraint has to be deferred or disabled.
 * Rows are read `batchRows` at a time, so a large install is copied in bounded memory.
 */
export async function copySqliteToPostgres(
  source: Db,
  target: Db,
  { batchRows = 1000 }: { batchRows?: number } = {},
): Promise<CopySummary> {
  const db = target as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const columns = (
    await sql<PgColumn>`SELECT table_name, column_name, data_type FROM information_schema.columns
      WHERE table_schema = current_schema()`.execute(target)
  ).rows;
  const tables = [...new Set(columns.map((column) => column.table_name))].filter(
    (name) => !SKIPPED.test(name),
  );
  const sourceTables = new Set(
    (
      await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(
        source,
      )
    ).rows.map((row) => row.name),
  );
  const missing = [...sourceTables].filter((name) => !SKIPPED.test(name) && !tables.includes(name));
  if (missing.length > 0) {
    throw new Error(`The target has no table for: ${missing.join(', ')}`);
  }
  for (const table of tables) {
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(target);
    if (Number(rows[0]?.n) > 0) {
      throw new TargetNotEmptyError(
        `The target database already holds rows (${table}); migrate-db only fills an empty one.`,
      );
    }
  }
  const order = await parentsFirst(target, tables);
  const booleans = new Map<string, Set<string>>();
  for (const column of columns) {
    if (column.data_type === 'boolean') {
      const set = booleans.get(column.table_name) ?? new Set<string>();
      set.add(column.column_name);
      booleans.set(column.table_name, set);
    }
  }
  return db.transaction().execute(async (trx) => {
    const summary: CopySummary = [];
    for (const table of order) {
      let rows = 0;
      if (sourceTables.has(table)) {
        const flags = booleans.get(table);
        for await (const page of pages(source, table, batchRows)) {
          const converted = flags ? page.map((row) => withBooleans(row, flags)) : page;
          // Inserts stay under PostgreSQL's 65,535 bind parameters per statement.
          const width = Math.max(1, Object.keys(converted[0] ?? {}).length);
          const chunk = Math.max(1, Math.floor(60_000 / width));
          for (let start = 0; start < converted.length; start += chunk) {
            await trx
              .insertInto(table)
              .values(converted.slice(start, start + chunk))
              .execute();
          }
          rows += page.length;
        }
      }
      summary.push({ table, rows });
    }
    await resetSequences(trx as unknown as Db);
    return summary;
  });
}

function withBooleans(row: Record<string, unknown>, flags: Set<string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      flags.has(key) && value !== null ? value === 1 || value === true : value,
    ]),
  );
}

/** Hidden column name for tables paged by rowid (none today: every table has a primary key). */
const ROWID = '__copy_rowid';

/**
 * Reads a SQLite table `size` rows at a time in primary-key order, each page starting after the
 * last key of the one before (keyset pagination): memory stays at one page whatever the table's
 * size, and no page rescans the rows before it as OFFSET would.
 */
async function* pages(
  source: Db,
  table: string,
  size: number,
): AsyncGenerator<Array<Record<string, unknown>>> {
  const info = (
    await sql<{
      name: string;
      pk: number;
    }>`SELECT name, pk FROM pragma_table_info(${table}) WHERE pk > 0 ORDER BY pk`.execute(source)
  ).rows;
  const keys = info.length > 0 ? info.map((column) => column.name) : [ROWID];
  const keyRefs = sql.join(keys.map((key) => (key === ROWID ? sql`rowid` : sql.ref(key))));
  const columns = keys[0] === ROWID ? sql`rowid AS ${sql.ref(ROWID)}, *` : sql`*`;
  let after: unknown[] | undefined;
  for (;;) {
    const where = after ? sql`WHERE (${keyRefs}) > (${sql.join(after)})` : sql``;
    const { rows } = await sql<Record<string, unknown>>`SELECT ${columns} FROM ${sql.table(table)}
      ${where} ORDER BY ${keyRefs} LIMIT ${size}`.execute(source);
    if (rows.length === 0) {
      return;
    }
    const last = rows[rows.length - 1] as Record<string, unknown>;
    after = keys.map((key) => last[key]);
    if (keys[0] === ROWID) {
      rows.forEach((row) => delete row[ROWID]);
    }
    yield rows;
    if (rows.length < size) {
      return;
    }
  }
}

/** Orders tables so every table comes after the tables its foreign keys point to. */
async function parentsFirst(target: Db, tables: string[]): Promise<string[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    SELECT DISTINCT child.relname AS child, parent.relname AS parent
    FROM pg_constraint c
    JOIN pg_class child ON child.oid = c.conrelid
    JOIN pg_class parent ON parent.oid = c.confrelid
    WHERE c.contype = 'f' AND child.relnamespace = current_schema()::regnamespace`.execute(target);
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (order.includes(table) || visiting.has(table)) {
      return; // a self-reference or cycle: nothing in the schema has one today
    }
    visiting.add(table);
    for (const edge of rows) {
      if (edge.child === table && edge.parent !== table && tables.includes(edge.parent)) {
        visit(edge.parent);
      }
    }
    order.push(table);
  };
  [...tables].sort().forEach(visit);
  return order;
}

/** Ids are UUIDs today; a serial column added later still gets its sequence moved past the rows. */
async function resetSequences(db: Db): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%'`.execute(db);
  for (const { table_name: table, column_name: column } of rows) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}),
      COALESCE((SELECT max(${sql.ref(column)}) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}
