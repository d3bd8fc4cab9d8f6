import crypto from 'node:crypto';
import { cleanUploadFilename, RECORD_FILE_MESSAGES } from '@formbridge/contract/record-files';
import type { Db } from '../../db/database.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import type { StoredFile } from './record-files.model.ts';
import {
  deleteRecordFileRows,
  insertRecordFileRow,
  selectRecordFile,
  selectRecordFiles,
  selectTableFiles,
  updateFileFieldName,
} from './record-files.repo.ts';
import { sniffContentType } from './record-files.sniff.ts';

// What other modules do with record files, always for one owner. Each function runs on the `db`
// it is given: `ctx.db` for a read of its own, the caller's transaction to be part of its unit of
// work (docs/decisions.md, "Module surfaces"). Writing the file ids into a record is the records
// module's part; the rows and bytes are this module's.

/** Files of one record, oldest first. */
export function listRecordFiles(db: Db, ownerId: string, recordId: string): Promise<StoredFile[]> {
  return selectRecordFiles(db, ownerId, recordId);
}

/** Files of the owner's table, all of them or those of some records, oldest first. */
export function listTableFiles(
  db: Db,
  ownerId: string,
  tableId: string,
  recordIds?: readonly string[],
): Promise<StoredFile[]> {
  return selectTableFiles(db, ownerId, tableId, recordIds);
}

/** The owner's file of that record, or undefined (also for another record's or user's). */
export function findRecordFile(
  db: Db,
  ownerId: string,
  recordId: string,
  id: string,
): Promise<StoredFile | undefined> {
  return selectRecordFile(db, ownerId, recordId, id);
}

/**
 * A file about to be attached to `fieldName` of a record, after this module's rules: a file is
 * sent and not empty (422), its type is recognised from its bytes (415), its name cleaned.
 * Returns the file and the bytes to store under its `file_key`.
 */
export function newRecordFile(
  ownerId: string,
  ids: { tableId: string; recordId: string },
  fieldName: string,
  upload: { filename: string; bytes: Buffer } | null | undefined,
): { file: StoredFile; bytes: Buffer } {
  if (!upload) {
    throw validationError([{ loc: ['body', 'file'], msg: RECORD_FILE_MESSAGES.fileRequired }]);
  }
  if (upload.bytes.length === 0) {
    throw validationError([{ loc: ['body', 'file'], msg: RECORD_FILE_MESSAGES.fileEmpty }]);
  }
  const sniffed = sniffContentType(upload.bytes, upload.filename);
  if (!sniffed) {
    throw new AppError(415, RECORD_FILE_MESSAGES.unsupported);
  }
  const file: StoredFile = {
    id: crypto.randomUUID(),
    owner_id: ownerId,
    table_id: ids.tableId,
    record_id: ids.recordId,
    field_name: fieldName,
    filename: cleanUploadFilename(upload.filename),
    content_type: sniffed.contentType,
    file_size: upload.bytes.length,
    file_key: `record-files/${crypto.randomUUID()}`,
    created_at: new Date().toISOString(),
  };
  return { file, bytes: upload.bytes };
}

/** Writes the file's row, in the caller's transaction (which also stores its bytes). */
export function attachRecordFile(trx: Db, file: StoredFile): Promise<void> {
  return insertRecordFileRow(trx, file);
}

/** Deletes the owner's file rows; their bytes go with removeStoredFiles after the commit. */
export function detachRecordFiles(trx: Db, ownerId: string, ids: readonly string[]): Promise<void> {
  return deleteRecordFileRows(trx, ownerId, ids);
}

/** Moves a file to a renamed file field (a table schema edit). */
export function moveFileToField(
  trx: Db,
  ownerId: string,
  id: string,
  fieldName: string,
): Promise<void> {
  return updateFileFieldName(trx, ownerId, id, fieldName);
}
