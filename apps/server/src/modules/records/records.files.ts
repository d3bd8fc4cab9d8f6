import { RECORD_FILE_MESSAGES } from '@formbridge/contract/record-files';
import type { Db } from '../../db/database.ts';
import { auditRecordWrite, describeRecord } from '../../lib/audit/audit-record.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { commitWithFile } from '../../lib/storage/commit-with-file.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import type { MultipartForm } from '../../lib/uploads.ts';
import {
  attachRecordFile,
  detachRecordFiles,
  findRecordFile,
  newRecordFile,
  removeStoredFiles,
  type StoredFile,
} from '../record-files/record-files.public.ts';
import { findTable, lockTable, type StoredTable } from '../tables/tables.public.ts';
import { findRecord, updateRecordData, type RecordRow } from './records.repo.ts';

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

type Data = Record<string, unknown>;

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
  scope: AuditScope,
  ids: { tableId: string; recordId: string },
  form: MultipartForm,
  /** More writes that belong to this upload, in its transaction (a throw undoes the upload). */
  alsoInTransaction?: (trx: Db, row: StoredFile) => Promise<void>,
): Promise<StoredFile> {
  const ownerId = scope.workspaceId;
  const { table } = await requireRecordOf(ctx.db, ownerId, ids.tableId, ids.recordId);
  const fieldName = checkFileField(table, form.fields.field_name);
  const { file: row, bytes } = newRecordFile(ownerId, ids, fieldName, form.file);
  const stored = { key: row.file_key, bytes, point: 'record-file-stored' } as const;
  await commitWithFile(ctx.db, ctx.storage, stored, async (trx) => {
    // Again under the table lock: the record or the field may have gone since the first look.
    const locked = await lockTable(trx, ownerId, ids.tableId);
    const record = await findRecord(trx, ownerId, ids.tableId, ids.recordId);
    if (!locked || !record) {
      throw notFound(locked ? 'Record' : 'Table');
    }
    checkFileField(locked, fieldName);
    const before = await describeRecord(trx, ownerId, locked, JSON.parse(record.data) as Data);
    await attachRecordFile(trx, row);
    const data = withFileIds(record, fieldName, (list) => [...list, row.id]);
    await updateRecordData(trx, ownerId, record.table_id, record.id, data, row.created_at);
    await auditRecordWrite(trx, scope, {
      action: 'record.file_added',
      table: locked,
      recordId: record.id,
      before,
      after: JSON.parse(data) as Data,
    });
    await alsoInTransaction?.(trx, row);
  });
  return row;
}

/** Detaches and deletes a record's file: row and field value in one transaction, then storage. */
export async function deleteRecordFile(
  ctx: AppContext,
  scope: AuditScope,
  ids: { tableId: string; recordId: string; fileId: string },
): Promise<void> {
  const ownerId = scope.workspaceId;
  const key = await ctx.db.transaction().execute(async (trx) => {
    const table = await lockTable(trx, ownerId, ids.tableId);
    if (!table) {
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
    const before = await describeRecord(trx, ownerId, table, JSON.parse(record.data) as Data);
    await detachRecordFiles(trx, ownerId, [file.id]);
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
    await auditRecordWrite(trx, scope, {
      action: 'record.file_removed',
      table,
      recordId: record.id,
      before,
      after: JSON.parse(data) as Data,
    });
    return file.file_key;
  });
  await removeStoredFiles(ctx, [key]);
}
