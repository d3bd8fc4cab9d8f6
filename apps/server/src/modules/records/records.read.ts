import type { Db } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import { accountGone } from '../../lib/current-user.ts';
import { notFound } from '../../lib/errors.ts';
import type { TokenClaims } from '../../lib/tokens.ts';
import {
  listRecordFiles,
  listTableFiles,
  type StoredFile,
} from '../record-files/record-files.public.ts';
import {
  findTable,
  findTableOfAccount,
  lockTable,
  type StoredTable,
} from '../tables/tables.public.ts';
import type { KeptRecords, RecordTexts } from './records.kept-records.ts';
import type { RecordPageCache } from './records.page-cache.ts';
import type { RecordPageStarts } from './records.page-starts.ts';
import {
  findRecord,
  listRecords,
  listRecordsFrom,
  type Page,
  type RecordRow,
} from './records.repo.ts';

// Reading records (a table's list or page, one record) and the look-ups the writes share
// (records.service.ts): the table and record that must exist, files by id.

/** Records with what presenting them needs: their table and their files by id. */
export type RecordsView = {
  table: StoredTable;
  rows: RecordRow[];
  filesById: Map<string, StoredFile>;
};

/** The table, locked for the transaction when `lock`; 404 when it is not the owner's. */
export async function requireTable(db: Db, ownerId: string, tableId: string, lock = false) {
  const row = lock ? await lockTable(db, ownerId, tableId) : await findTable(db, ownerId, tableId);
  if (!row) {
    throw notFound('Table');
  }
  return row;
}

export async function requireRecord(db: Db, ownerId: string, tableId: string, id: string) {
  const row = await findRecord(db, ownerId, tableId, id);
  if (!row) {
    throw notFound('Record');
  }
  return row;
}

export function byId(files: readonly StoredFile[]): Map<string, StoredFile> {
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
