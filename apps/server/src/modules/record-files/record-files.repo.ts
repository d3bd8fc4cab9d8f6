import type { Db } from '../../db/database.ts';
import type { RecordFilesTable } from '../../db/schema.ts';

export type RecordFileRow = RecordFilesTable;

export async function insertRecordFileRow(db: Db, row: RecordFileRow): Promise<void> {
  await db.insertInto('record_files').values(row).execute();
}

/** The owner's file of that record, or undefined (also for another record's or user's). */
export function selectRecordFile(
  db: Db,
  ownerId: string,
  recordId: string,
  id: string,
): Promise<RecordFileRow | undefined> {
  return db
    .selectFrom('record_files')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('record_id', '=', recordId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The owner's file by id alone (authorised downloads). */
export function findOwnedFile(
  db: Db,
  ownerId: string,
  id: string,
): Promise<RecordFileRow | undefined> {
  return db
    .selectFrom('record_files')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** By id alone: only for requests already authorised by a signed URL bound to this id. */
export function findFileById(db: Db, id: string): Promise<RecordFileRow | undefined> {
  return db.selectFrom('record_files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Files of the owner's table, all of them or those of some records, oldest first. */
export async function selectTableFiles(
  db: Db,
  ownerId: string,
  tableId: string,
  recordIds?: readonly string[],
): Promise<RecordFileRow[]> {
  if (recordIds?.length === 0) {
    return [];
  }
  let query = db
    .selectFrom('record_files')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('table_id', '=', tableId);
  if (recordIds) {
    query = query.where('record_id', 'in', recordIds);
  }
  return query.orderBy('created_at').orderBy('id').execute();
}

/** Files of one record, oldest first. */
export function selectRecordFiles(
  db: Db,
  ownerId: string,
  recordId: string,
): Promise<RecordFileRow[]> {
  return db
    .selectFrom('record_files')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('record_id', '=', recordId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function updateFileFieldName(
  db: Db,
  ownerId: string,
  id: string,
  fieldName: string,
): Promise<void> {
  await db
    .updateTable('record_files')
    .set({ field_name: fieldName })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}

export async function deleteRecordFileRows(
  db: Db,
  ownerId: string,
  ids: readonly string[],
): Promise<void> {
  // In slices: removing a file field can touch more files than one statement may bind.
  for (let start = 0; start < ids.length; start += 500) {
    await db
      .deleteFrom('record_files')
      .where('owner_id', '=', ownerId)
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
  }
}
