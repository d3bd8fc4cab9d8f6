import crypto from 'node:crypto';
import { getRecordDisplayName } from '@formbridge/contract/display-name';
import type { IfMatch } from '@formbridge/contract/record-etag';
import type { Db } from '../../db/database.ts';
import { auditRecordWrite, describeRecord } from '../../lib/audit/audit-record.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import {
  deleteToTrash,
  moveToTrash,
  removeForgottenFiles,
  trashRetentionDays,
} from '../../lib/trash/move-to-trash.ts';
import { snapshotRecord } from '../../lib/trash/trash-snapshot.ts';
import { listRecordFiles } from '../record-files/record-files.public.ts';
import { listLinkFieldsTo } from '@formbridge/contract/table-links';
import { listTables, type StoredTable } from '../tables/tables.public.ts';
import { readRecordData } from './records.presenter.ts';
import { byId, requireRecord, requireTable, type RecordsView } from './records.read.ts';
import {
  deleteRecordRow,
  insertRecords,
  listRecordsContaining,
  lockRecord,
  updateRecordData,
  type RecordRow,
} from './records.repo.ts';
import { checkRecordInput } from './records.validate.ts';

/** Validates and inserts a record; file fields start empty (files are uploaded afterwards). */
export async function createRecord(
  ctx: AppContext,
  scope: AuditScope,
  tableId: string,
  data: unknown,
): Promise<RecordsView> {
  const ownerId = scope.workspaceId;
  return ctx.db.transaction().execute(async (trx) => {
    const table = await requireTable(trx, ownerId, tableId, true);
    const { value, issues } = await checkRecordInput(trx, { table }, data);
    if (issues.length > 0) {
      throw validationError(issues);
    }
    const now = new Date().toISOString();
    const row: RecordRow = {
      id: crypto.randomUUID(),
      owner_id: ownerId,
      table_id: tableId,
      data: JSON.stringify(value),
      created_at: now,
      updated_at: now,
      version: 1,
    };
    await insertRecords(trx, [row]);
    await auditRecordWrite(trx, scope, {
      action: 'record.created',
      table,
      recordId: row.id,
      before: {},
      after: value,
    });
    return { table, rows: [row], filesById: new Map() };
  });
}

/** How a record write is sent: the whole record (PUT) or the fields to change (PATCH). */
export type RecordWrite = {
  data: unknown;
  partial: boolean;
  /** The request's `If-Match`; absent, the write applies to whatever version is stored. */
  ifMatch?: IfMatch;
};

/** A write applied (the record as saved) or refused as stale (the record as it is now). */
export type RecordWriteResult =
  { isStale: false; view: RecordsView } | { isStale: true; view: RecordsView };

function matches(ifMatch: IfMatch | undefined, version: number): boolean {
  return (
    !ifMatch ||
    ifMatch.kind === 'any' ||
    (ifMatch.kind === 'versions' && ifMatch.versions.includes(version))
  );
}

/**
 * Changes a record's values: the whole record (as the form sends it) or, with `partial`, only
 * the fields named, merged into the stored values under the table's lock so concurrent edits
 * of different fields all stay. With `ifMatch` naming another version than the stored one,
 * nothing is written and the current record comes back as stale. A write that changes nothing
 * keeps the version.
 */
export async function updateRecord(
  ctx: AppContext,
  scope: AuditScope,
  tableId: string,
  id: string,
  write: RecordWrite,
): Promise<RecordWriteResult> {
  const ownerId = scope.workspaceId;
  return ctx.db.transaction().execute(async (trx): Promise<RecordWriteResult> => {
    const table = await requireTable(trx, ownerId, tableId, true);
    const row = await requireRecord(trx, ownerId, tableId, id);
    const files = await listRecordFiles(trx, ownerId, id);
    if (!matches(write.ifMatch, Number(row.version))) {
      return { isStale: true, view: { table, rows: [row], filesById: byId(files) } };
    }
    const existing = { data: readRecordData(row), files };
    const input = { table, existing, partial: write.partial };
    const { value, issues } = await checkRecordInput(trx, input, write.data);
    if (issues.length > 0) {
      throw validationError(issues);
    }
    const data = JSON.stringify(value);
    if (data === row.data) {
      return { isStale: false, view: { table, rows: [row], filesById: byId(files) } };
    }
    const before = await describeRecord(trx, ownerId, table, existing.data);
    const now = new Date().toISOString();
    await updateRecordData(trx, ownerId, tableId, id, data, now);
    await auditRecordWrite(trx, scope, {
      action: 'record.updated',
      table,
      recordId: id,
      before,
      after: value,
    });
    const updated = { ...row, data, updated_at: now, version: Number(row.version) + 1 };
    return { isStale: false, view: { table, rows: [updated], filesById: byId(files) } };
  });
}

/** Records of other tables whose link fields point at this record. */
async function findReferences(trx: Db, table: StoredTable, recordId: string) {
  const linking = (await listTables(trx, table.owner_id))
    .map((other) => ({ other, links: listLinkFieldsTo(other, table.id) }))
    .filter(({ other, links }) => other.id !== table.id && links.length > 0);
  const tableIds = linking.map(({ other }) => other.id);
  const candidates = await listRecordsContaining(trx, table.owner_id, tableIds, recordId);
  const names = new Set<string>();
  let count = 0;
  for (const candidate of candidates) {
    const entry = linking.find(({ other }) => other.id === candidate.table_id);
    const data = readRecordData(candidate);
    if (entry?.links.some((field) => data[field.name] === recordId)) {
      count += 1;
      names.add(entry.other.name);
    }
  }
  return { count, tableNames: [...names].sort() };
}

/**
 * Deletes a record and its files, unless records of other tables link to it (409: deleting it
 * would leave their link fields pointing at nothing). It goes to the trash with its files and
 * links (issue 32); the files stay in storage until the trash item is purged.
 */
export async function deleteRecord(
  ctx: AppContext,
  scope: AuditScope,
  tableId: string,
  id: string,
): Promise<void> {
  const ownerId = scope.workspaceId;
  const run = (keep: boolean) =>
    ctx.db.transaction().execute(async (trx) => {
      const table = await requireTable(trx, ownerId, tableId, true);
      // Locked before looking for links: a link being created to it commits first and is counted.
      const row = await lockRecord(trx, ownerId, tableId, id);
      if (!row) {
        throw notFound('Record');
      }
      const references = await findReferences(trx, table, id);
      if (references.count > 0) {
        const name = getRecordDisplayName(table, { id, data: readRecordData(row) });
        const records =
          references.count === 1 ? '1 record links' : `${references.count} records link`;
        const tables = references.tableNames.map((tableName) => `'${tableName}'`).join(', ');
        throw new AppError(
          409,
          `Record '${name}' cannot be deleted because ${records} to it from ${tables}. Change or delete those records first.`,
          'record_in_use',
        );
      }
      const data = readRecordData(row);
      const before = await describeRecord(trx, ownerId, table, data);
      const snapshot = await snapshotRecord(trx, id);
      await deleteRecordRow(trx, ownerId, id);
      await auditRecordWrite(trx, scope, {
        action: 'record.deleted',
        table,
        recordId: id,
        before,
        after: null,
        nameFrom: data,
      });
      const name = getRecordDisplayName(table, { id, data });
      const retentionDays = trashRetentionDays(ctx.config);
      return moveToTrash(trx, scope, { kind: 'record', id, name, retentionDays, keep }, snapshot);
    });
  await removeForgottenFiles(ctx.storage, await deleteToTrash(run));
}
