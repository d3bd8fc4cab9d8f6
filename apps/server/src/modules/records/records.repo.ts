import type { Db } from '../../db/database.ts';
import { compileOnce } from '../../db/compile-once.ts';
import { hasRowLocks } from '../../db/dialect.ts';
import type { TableRecordsTable } from '../../db/schema.ts';
import { yieldToLoop } from '../../lib/yield-to-loop.ts';

export type RecordRow = TableRecordsTable;

// Well under SQLite's and PostgreSQL's bound-parameter limits, with six columns a row.
const CHUNK_SIZE = 500;

function chunk<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK_SIZE) {
    chunks.push(items.slice(start, start + CHUNK_SIZE));
  }
  return chunks;
}

export type Page = { limit: number; offset: number };

/**
 * The table's records in the order they were added (oldest first), optionally one page of them.
 * `share` locks them until the transaction ends (links about to point at them).
 */
export function listRecords(
  db: Db,
  ownerId: string,
  tableId: string,
  page?: Page,
  lock?: 'share',
): Promise<RecordRow[]> {
  if (page && !lock) {
    return selectPage(db, { ownerId, tableId, limit: page.limit, offset: page.offset });
  }
  let query = db
    .selectFrom('table_records')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('table_id', '=', tableId)
    .orderBy('created_at')
    .orderBy('id');
  if (page) {
    query = query.limit(page.limit).offset(page.offset);
  }
  return query.$if(lock === 'share' && hasRowLocks(db), (qb) => qb.forShare()).execute();
}

type PageArgs = { ownerId: string; tableId: string; limit: number; offset: number };
type RecordPositionArgs = { createdAt: string; id: string };

// The records pages' reads, compiled once (see compileOnce): they run on every page not kept.
const selectPage = compileOnce((db, args: PageArgs) =>
  db
    .selectFrom('table_records')
    .selectAll()
    .where('owner_id', '=', args.ownerId)
    .where('table_id', '=', args.tableId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(args.limit)
    .offset(args.offset),
);

const selectPageFrom = compileOnce((db, args: PageArgs & RecordPositionArgs) =>
  db
    .selectFrom('table_records')
    .selectAll()
    .where('owner_id', '=', args.ownerId)
    .where('table_id', '=', args.tableId)
    .where((eb) => eb(eb.refTuple('created_at', 'id'), '>=', eb.tuple(args.createdAt, args.id)))
    .orderBy('created_at')
    .orderBy('id')
    .limit(args.limit)
    .offset(args.offset),
);

/**
 * One page of the table's records counted from `from` (a record of the table at a known offset)
 * instead of from its first record: the page walk skips only `page.offset` records after it.
 */
export function listRecordsFrom(
  db: Db,
  ownerId: string,
  tableId: string,
  from: { created_at: string; id: string },
  page: Page,
): Promise<RecordRow[]> {
  const position = { createdAt: from.created_at, id: from.id };
  return selectPageFrom(db, { ownerId, tableId, ...position, ...page });
}

/** The owner's record of that table, or undefined (also for someone else's or another table's). */
export function findRecord(
  db: Db,
  ownerId: string,
  tableId: string,
  id: string,
): Promise<RecordRow | undefined> {
  return db
    .selectFrom('table_records')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('table_id', '=', tableId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The owner's record, locked for deletion until the transaction ends: links being created to it
 * (which lock it for share) finish first and are then visible, or wait and find it gone.
 */
export function lockRecord(
  db: Db,
  ownerId: string,
  tableId: string,
  id: string,
): Promise<RecordRow | undefined> {
  return db
    .selectFrom('table_records')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('table_id', '=', tableId)
    .where('id', '=', id)
    .$if(hasRowLocks(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** The owner's records with these ids, in any of their tables (for link labels). */
export async function listRecordsByIds(
  db: Db,
  ownerId: string,
  ids: readonly string[],
): Promise<RecordRow[]> {
  const rows: RecordRow[] = [];
  for (const part of chunk([...new Set(ids)])) {
    rows.push(
      ...(await db
        .selectFrom('table_records')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('id', 'in', part)
        .execute()),
    );
  }
  return rows;
}

/**
 * Which of `ids` are records of the owner's table `tableId`. With `share` (inside a transaction
 * that is about to link to them) the found records stay locked until it ends, so a concurrent
 * delete waits and then sees the link (deleteRecord locks the record before looking for links).
 */
export async function findExistingRecordIds(
  db: Db,
  ownerId: string,
  tableId: string,
  ids: readonly string[],
  lock?: 'share',
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunk([...new Set(ids)])) {
    const rows = await db
      .selectFrom('table_records')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('table_id', '=', tableId)
      .where('id', 'in', part)
      .$if(lock === 'share' && hasRowLocks(db), (qb) => qb.forShare())
      .execute();
    rows.forEach((row) => found.add(row.id));
  }
  return found;
}

/**
 * Records of the owner's tables `tableIds` whose JSON text contains `text`: a cheap pre-filter
 * (the caller checks the parsed values). `text` must not contain LIKE wildcards; record ids don't.
 */
export function listRecordsContaining(
  db: Db,
  ownerId: string,
  tableIds: readonly string[],
  text: string,
): Promise<RecordRow[]> {
  if (tableIds.length === 0 || /[%_\\]/.test(text)) {
    return Promise.resolve([]);
  }
  return db
    .selectFrom('table_records')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('table_id', 'in', tableIds)
    .where('data', 'like', `%${text}%`)
    .execute();
}

/**
 * Changes the tables' kept record counts and moves their records version on (remembered page
 * starts and kept pages stop holding); call in the transaction that inserts or deletes.
 */
async function addToRecordCounts(db: Db, tableIds: readonly string[], sign: 1 | -1) {
  const byTable = new Map<string, number>();
  for (const tableId of tableIds) {
    byTable.set(tableId, (byTable.get(tableId) ?? 0) + 1);
  }
  for (const [tableId, count] of byTable) {
    await db
      .updateTable('dynamic_tables')
      .set((eb) => ({
        record_count: eb('record_count', '+', sign * count),
        records_version: eb('records_version', '+', 1),
      }))
      .where('id', '=', tableId)
      .execute();
  }
}

/** Moves the table's records version on, in the transaction that changes a record's values. */
async function moveRecordsVersion(db: Db, tableId: string) {
  await db
    .updateTable('dynamic_tables')
    .set((eb) => ({ records_version: eb('records_version', '+', 1) }))
    .where('id', '=', tableId)
    .execute();
}

/** Counts records put back by a restore from the trash (issue 32) in their tables' counts. */
export function countRestoredRecords(db: Db, tableIds: readonly string[]): Promise<void> {
  return addToRecordCounts(db, tableIds, 1);
}

export async function insertRecords(db: Db, rows: readonly RecordRow[]): Promise<void> {
  for (const [index, part] of chunk(rows).entries()) {
    if (index > 0) {
      // An import inserts 50,000 rows: other requests are answered between chunks.
      await yieldToLoop();
    }
    await db.insertInto('table_records').values(part).execute();
  }
  await addToRecordCounts(
    db,
    rows.map((row) => row.table_id),
    1,
  );
}

async function writeRecordData(
  db: Db,
  ownerId: string,
  tableId: string,
  id: string,
  data: string,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('table_records')
    .set((eb) => ({ data, updated_at: updatedAt, version: eb('version', '+', 1) }))
    .where('owner_id', '=', ownerId)
    .where('table_id', '=', tableId)
    .where('id', '=', id)
    .execute();
}

/**
 * Replaces one record's values, moves the record's version on by one (its ETag) and its table's
 * records version on.
 */
export async function updateRecordData(
  db: Db,
  ownerId: string,
  tableId: string,
  id: string,
  data: string,
  updatedAt: string,
): Promise<void> {
  await writeRecordData(db, ownerId, tableId, id, data, updatedAt);
  await moveRecordsVersion(db, tableId);
}

/**
 * Replaces the values of many records of one table (a schema change) and moves the table's
 * records version on once: on PostgreSQL every update of the table's row adds a row version
 * that later updates in the same transaction walk past.
 */
export async function updateRecordsData(
  db: Db,
  ownerId: string,
  tableId: string,
  records: ReadonlyArray<{ id: string; data: string }>,
  updatedAt: string,
): Promise<void> {
  for (const record of records) {
    await writeRecordData(db, ownerId, tableId, record.id, record.data, updatedAt);
  }
  await moveRecordsVersion(db, tableId);
}

/** Deletes the record; its file rows go with it (foreign key cascades). */
export async function deleteRecordRow(db: Db, ownerId: string, id: string): Promise<void> {
  const deleted = await db
    .deleteFrom('table_records')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .returning('table_id')
    .execute();
  await addToRecordCounts(
    db,
    deleted.map((row) => row.table_id),
    -1,
  );
}
