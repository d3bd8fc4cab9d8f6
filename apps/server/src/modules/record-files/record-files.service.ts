import crypto from 'node:crypto';
import { removeBidiControls } from '@formbridge/contract/file-names';
import type { Db } from '../../db/database.ts';
import { commitWithFile } from '../../lib/storage/commit-with-file.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import type { MultipartForm } from '../../lib/uploads.ts';
import { findRecord, updateRecordData, type RecordRow } from '../records/records.public.ts';
import { findTable, lockTable, type StoredTable } from '../tables/tables.public.ts';
import {
  deleteRecordFileRows,
  findRecordFile,
  insertRecordFile,
  type RecordFileRow,
} from './record-files.repo.ts';
import { sniffContentType } from './record-files.sniff.ts';
import { removeStoredFiles } from './record-files.storage.ts';

export const RECORD_FILE_MESSAGES = {
  fieldNameRequired: 'A field name is required',
  notFileField: (name: string) => `Field '${name}' is not a file field of this table.`,
  fileRequired: 'A file is required',
  fileEmpty: 'The file is empty',
  unsupported:
    'This file type is not supported. Upload a PDF, an image (PNG, JPEG, GIF, WEBP), a Word or Excel document, or a text or CSV file.',
} as const;

const MAX_FILENAME_LENGTH = 255;

/** The name as shown and downloaded: no path, no control characters, at most 255 characters. */
function cleanFilename(raw: string): string {
  const base = raw.split(/[/\\]/).at(-1) ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
  const cleaned = removeBidiControls(base.replace(/[\u0000-\u001f\u007f]/g, '')).trim();
  return Array.from(cleaned).slice(0, MAX_FILENAME_LENGTH).join('') || 'file';
}

async function requireRecordOf(db: Db, ownerId: string, tableId: string, recordId: string) {
  const table = await findTable(db, ownerId, tableId);
  if (!table) {
    throw notFound('Table');
  }
  const record = await findRecord(db, ownerId, tableId, recordId);
  if (!record) {
    throw notFound('Record');
  }
  return { table, record };
}

function checkFileField(table: StoredTable, fieldName: string | undefined): string {
  const name = fieldName?.trim() ?? '';
  if (name === '') {
    throw validationError([
      { loc: ['body', 'field_name'], msg: RECORD_FILE_MESSAGES.fieldNameRequired },
    ]);
  }
  const field = table.fields.find((candidate) => candidate.name === name);
  if (field?.type !== 'file') {
    throw validationError([
      { loc: ['body', 'field_name'], msg: RECORD_FILE_MESSAGES.notFileField(name) },
    ]);
  }
  return name;
}

function withFileIds(
  record: RecordRow,
  fieldName: string,
  change: (ids: string[]) => string[],
): string {
  const data = JSON.parse(record.data) as Record<string, unknown>;
  const current = Object.hasOwn(data, fieldName) ? data[fieldName] : [];
  const ids = Array.isArray(current) ? current.filter((id) => typeof id === 'string') : [];
  return JSON.stringify({ ...data, [fieldName]: change(ids) });
}

/**
 * Attaches an uploaded file to a record's file field: the type is sniffed from the bytes, the
 * row inserted, its id appended to the field and the file stored in one transaction
 * (commitWithFile): a row never commits without its file, and a failure removes the file again.
 */
export async function uploadRecordFile(
  ctx: AppContext,
  ownerId: string,
  ids: { tableId: string; recordId: string },
  form: MultipartForm,
  /** More writes that belong to this upload, in its transaction (a throw undoes the upload). */
  alsoInTransaction?: (trx: Db, row: RecordFileRow) => Promise<void>,
): Promise<RecordFileRow> {
  const { table } = await requireRecordOf(ctx.db, ownerId, ids.tableId, ids.recordId);
  const fieldName = checkFileField(table, form.fields.field_name);
  const file = form.file;
  if (!file) {
    throw validationError([{ loc: ['body', 'file'], msg: RECORD_FILE_MESSAGES.fileRequired }]);
  }
  if (file.bytes.length === 0) {
    throw validationError([{ loc: ['body', 'file'], msg: RECORD_FILE_MESSAGES.fileEmpty }]);
  }
  const sniffed = sniffContentType(file.bytes, file.filename);
  if (!sniffed) {
    throw new AppError(415, RECORD_FILE_MESSAGES.unsupported);
  }
  const row: RecordFileRow = {
    id: crypto.randomUUID(),
    owner_id: ownerId,
    table_id: ids.tableId,
    record_id: ids.recordId,
    field_name: fieldName,
    filename: cleanFilename(file.filename),
    content_type: sniffed.contentType,
    file_size: file.bytes.length,
    file_key: `record-files/${crypto.randomUUID()}`,
    created_at: new Date().toISOString(),
  };
  const stored = { key: row.file_key, bytes: file.bytes, point: 'record-file-stored' } as const;
  await commitWithFile(ctx.db, ctx.storage, stored, async (trx) => {
    // Again under the table lock: the record or the field may have gone since the first look.
    const locked = await lockTable(trx, ownerId, ids.tableId);
    const record = await findRecord(trx, ownerId, ids.tableId, ids.recordId);
    if (!locked || !record) {
      throw notFound(locked ? 'Record' : 'Table');
    }
    checkFileField(locked, fieldName);
    await insertRecordFile(trx, row);
    const data = withFileIds(record, fieldName, (list) => [...list, row.id]);
    await updateRecordData(trx, ownerId, record.table_id, record.id, data, row.created_at);
    await alsoInTransaction?.(trx, row);
  });
  return row;
}

/** Detaches and deletes a record's file: row and field value in one transaction, then storage. */
export async function deleteRecordFile(
  ctx: AppContext,
  ownerId: string,
  ids: { tableId: string; recordId: string; fileId: string },
): Promise<void> {
  const key = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockTable(trx, ownerId, ids.tableId))) {
      throw notFound('Table');
    }
    const record = await findRecord(trx, ownerId, ids.tableId, ids.recordId);
    if (!record) {
      throw notFound('Record');
    }
    const file = await findRecordFile(trx, ownerId, record.id, ids.fileId);
    if (!file) {
      throw notFound('File');
    }
    await deleteRecordFileRows(trx, ownerId, [file.id]);
    const data = withFileIds(record, file.field_name, (list) =>
      list.filter((id) => id !== file.id),
    );
    await updateRecordData(
      trx,
      ownerId,
      record.table_id,
      record.id,
      data,
      new Date().toISOString(),
    );
    return file.file_key;
  });
  await removeStoredFiles(ctx, [key]);
}
