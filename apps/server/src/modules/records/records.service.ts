import crypto from 'node:crypto';
import { getRecordDisplayName } from '@formbridge/contract/display-name';
import type { IfMatch } from '@formbridge/contract/record-etag';
import type { Db } from '../../db/database.ts';
import { auditRecordWrite, describeRecord } from '../../lib/audit/audit-record.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { accountGone } from '../../lib/current-user.ts';
import type { TokenClaims } from '../../lib/tokens.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import {
  deleteToTrash,
  moveToTrash,
  removeForgottenFiles,
  trashRetentionDays,
} from '../../lib/trash/move-to-trash.ts';
import { snapshotRecord } from '../../lib/trash/trash-snapshot.ts';
import {
  listRecordFiles,
  listTableFiles,
  type StoredFile,
} from '../record-files/record-files.public.ts';
import { listLinkFieldsTo } from '@formbridge/contract/table-links';
import {
  findTable,
  findTableOfAccount,
  listTables,
  lockTable,
  type StoredTable,
} from '../tables/tables.public.ts';
import { readRecordData } from './records.presenter.ts';
import {
  deleteRecordRow,
  findRecord,
  insertRecords,
  listRecords,
  listRecordsContaining,
  listRecordsFrom,
  lockRecord,
  updateRecordData,
  type Page,
  type RecordRow,
} from './records.repo.ts';
import type { KeptRecords, RecordTexts } from './records.kept-records.ts';
import type { RecordPageCache } from './records.page-cache.ts';
import type { RecordPageStarts } from './records.page-starts.ts';
import { checkRecordInput } from './records.validate.ts';

/** Records with what presenting them needs: their table and their files by id. */
export type RecordsView = {
  table: StoredTable;
  rows: RecordRow[];
  filesById: Map<string, StoredFile>;
};

async function requireTable(db: Db, ownerId: string, tableId: string, lock = false) {
  const row = lock ? await lockTable(db, ownerId, tableId) : await findTable(db, ownerId, tableId);
  if (!row) {
    throw notFound('Table');
  }
  return row;
}

async function requireRecord(db: Db, ownerId: string, tableId: string, id: string) {
  const row = await findRecord(db, ownerId, tableId, id);
  if (!row) {
    throw notFound('Record');
  }
  return row;
}

function byId(files: readonly StoredFile[]): Map<string, StoredFile> {
  return new Map(files.map((file) => [file.id, file]));
}

/** What a server keeps between records reads, all of it for one `records_version` of a table. */
export type RecordsMemory = {
  starts: RecordPageStarts;
  pages: RecordPageCache;
  records: RecordTexts;
};

/**
 * The table's records (all, or one page) as the answer's bytes (`encode` presents them), with
 * the table's record count. A page is answered from `memory.pages` when kept for the version the
 * table's row holds now, else read starting from the nearest record `memory.starts` remembers,
 * its records presented once per version (`memory.records`).
 * `session` comes from a bearer token only: the table read confirms the session (401 if gone);
 * null for an API token, which its route's auth already checked in full.
 */
export async function listTableRecords(
  ctx: AppContext,
  session: TokenClaims | null,
  workspaceId: string,
  tableId: string,
  page: Page | undefined,
  memory: RecordsMemory,
  encode: (view: RecordsView, kept?: KeptRecords) => Buffer,
): Promise<{ total: number; body: Buffer }> {
  const ownerId = workspaceId;
  const found = session
    ? await findTableOfAccount(ctx.db, { ...session, workspaceId }, tableId)
    : { table: await findTable(ctx.db, workspaceId, tableId) };
  if (!found) {
    throw accountGone();
  }
  const tableRow = found.table;
  if (!tableRow) {
    throw notFound('Table');
  }
  const table = tableRow;
  const version = Number(tableRow.records_version);
  // Signed file links in a page expire, so pages of tables with file fields are never kept.
  const hasFileFields = table.fields.some((field) => field.type === 'file');
  const keep = page && !hasFileFields ? page : undefined;
  // The count kept on the table row: no COUNT(*) over the table's records on every page.
  const total = Number(tableRow.record_count);
  const keptPage = keep && memory.pages.get(tableId, version, keep);
  if (keptPage) {
    return { total, body: keptPage };
  }
  const start = page ? memory.starts.find(tableId, version, page.offset) : undefined;
  const rows =
    page && start
      ? await listRecordsFrom(ctx.db, ownerId, tableId, start.position, {
          limit: page.limit,
          offset: page.offset - start.offset,
        })
      : await listRecords(ctx.db, ownerId, tableId, page);
  if (page) {
    memory.starts.remember(tableId, version, page.offset, rows);
  }
  const files = hasFileFields
    ? await listTableFiles(ctx.db, ownerId, tableId, page ? rows.map((row) => row.id) : undefined)
    : [];
  const kept = hasFileFields ? undefined : memory.records.forVersion(tableId, version);
  const body = encode({ table, rows, filesById: byId(files) }, kept);
  if (keep) {
    memory.pages.set(tableId, version, keep, body);
  }
  return { total: page ? total : rows.length, body };
}

export async function getRecord(
  ctx: AppContext,
  ownerId: string,
  tableId: string,
  id: string,
): Promise<RecordsView> {
  const table = await requireTable(ctx.db, ownerId, tableId);
  const row = await requireRecord(ctx.db, ownerId, tableId, id);
  const files = await listRecordFiles(ctx.db, ownerId, id);
  return { table, rows: [row], filesById: byId(files) };
}

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
