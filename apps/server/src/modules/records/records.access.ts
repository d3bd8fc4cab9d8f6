import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { readRecord, type StoredRecord } from './records.model.ts';
import {
  countRestoredRecords,
  findExistingRecordIds as selectExistingRecordIds,
  findRecord as selectRecord,
  insertRecords,
  listRecords as selectRecords,
  listRecordsByIds as selectRecordsByIds,
  updateRecordData,
  updateRecordsData,
} from './records.repo.ts';

// What other modules do with records, always for one owner. Each function runs on the `db` it is
// given: `ctx.db` for a read of its own, the caller's transaction to be part of its unit of work
// (docs/decisions.md, "Module surfaces"). Writers hold the table's lock (tables.public lockTable)
// and have checked the values against the table's fields.

/** The owner's record of that table, or undefined (also for another table's or user's). */
export async function findRecord(
  db: Db,
  ownerId: string,
  tableId: string,
  id: string,
): Promise<StoredRecord | undefined> {
  const row = await selectRecord(db, ownerId, tableId, id);
  return row && readRecord(row);
}

/**
 * Every record of the owner's table, oldest first; `share` locks them until the transaction ends
 * (links about to point at them).
 */
export async function listRecords(
  db: Db,
  ownerId: string,
  tableId: string,
  lock?: 'share',
): Promise<StoredRecord[]> {
  return (await selectRecords(db, ownerId, tableId, undefined, lock)).map(readRecord);
}

/** The owner's records with these ids, of any table (missing ids are left out). */
export async function listRecordsByIds(
  db: Db,
  ownerId: string,
  ids: readonly string[],
): Promise<StoredRecord[]> {
  return (await selectRecordsByIds(db, ownerId, ids)).map(readRecord);
}

/** Which of `ids` are records of the owner's table; `share` locks those until `trx` ends. */
export function findExistingRecordIds(
  db: Db,
  ownerId: string,
  tableId: string,
  ids: readonly string[],
  lock?: 'share',
): Promise<Set<string>> {
  return selectExistingRecordIds(db, ownerId, tableId, ids, lock);
}

/** Replaces one record's values (its version moves on). */
export function writeRecordData(
  trx: Db,
  record: Pick<StoredRecord, 'owner_id' | 'table_id' | 'id'>,
  data: Record<string, unknown>,
  now: string,
): Promise<void> {
  return updateRecordData(
    trx,
    record.owner_id,
    record.table_id,
    record.id,
    JSON.stringify(data),
    now,
  );
}

/** Replaces the values of some records of one table (a schema edit moving them on). */
export function writeRecordsData(
  trx: Db,
  ownerId: string,
  tableId: string,
  records: ReadonlyArray<{ id: string; data: Record<string, unknown> }>,
  now: string,
): Promise<void> {
  const rows = records.map((record) => ({ id: record.id, data: JSON.stringify(record.data) }));
  return updateRecordsData(trx, ownerId, tableId, rows, now);
}

/**
 * Adds records to the owner's table in the given order: one timestamp per record, a millisecond
 * apart and ending now, so the list (oldest first) keeps that order.
 */
export async function addRecords(
  trx: Db,
  ownerId: string,
  tableId: string,
  records: ReadonlyArray<Record<string, unknown>>,
): Promise<string[]> {
  const end = Date.now();
  const ids = records.map(() => crypto.randomUUID());
  await insertRecords(
    trx,
    records.map((data, index) => {
      const at = new Date(end - (records.length - 1 - index)).toISOString();
      return {
        id: ids[index]!,
        owner_id: ownerId,
        table_id: tableId,
        data: JSON.stringify(data),
        created_at: at,
        updated_at: at,
        version: 1,
      };
    }),
  );
  return ids;
}

/** Counts the records a trash restore inserted back (record count and records version move on). */
export function noteRestoredRecords(trx: Db, tableIds: readonly string[]): Promise<void> {
  return countRestoredRecords(trx, tableIds);
}
