import {
  RECORD_HISTORY_MESSAGES as M,
  RECORD_HISTORY_PAGE_DEFAULT,
  type RecordHistoryEntry,
  type RecordHistoryPage,
} from '@formbridge/contract/record-history';
import type { IfMatch } from '@formbridge/contract/record-etag';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import type { StoredRecordChange } from '../../lib/audit/record-changes.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { listRecordFiles } from '../record-files/record-files.public.ts';
import { findTable, type StoredTable } from '../tables/tables.public.ts';
import {
  findRecordEventRow,
  listRecordEventRows,
  type HistoryEventRow,
} from './records.history.repo.ts';
import { isRestorable, resolveRestoreValues } from './records.history.values.ts';
import { findRecord } from './records.repo.ts';
import { updateRecord, type RecordWriteResult } from './records.service.ts';

async function requireTableAndRecord(
  ctx: AppContext,
  ownerId: string,
  tableId: string,
  id: string,
) {
  const table = await findTable(ctx.db, ownerId, tableId);
  if (!table) {
    throw notFound('Table');
  }
  if (!(await findRecord(ctx.db, ownerId, tableId, id))) {
    throw notFound('Record');
  }
  return table;
}

const readChanges = (row: HistoryEventRow) => JSON.parse(row.changes) as StoredRecordChange[];

function presentEntry(table: StoredTable, row: HistoryEventRow): RecordHistoryEntry {
  return {
    id: row.id,
    at: row.at,
    actor: {
      kind: row.actor_kind as RecordHistoryEntry['actor']['kind'],
      id: row.actor_id,
      name: row.actor_name,
    },
    source: row.source as RecordHistoryEntry['source'],
    action: row.action,
    changes: readChanges(row).map((change) => ({
      field: change.field,
      before: change.before,
      after: change.after,
      restorable: isRestorable(table, change),
    })),
  };
}

/**
 * A record's history, newest first, a page at a time: `before` is the last entry id the caller
 * saw (the previous page's `next_cursor`). Works for every event since the audit log started.
 */
export async function listRecordHistory(
  ctx: AppContext,
  ownerId: string,
  ids: { tableId: string; recordId: string },
  query: { before?: string | undefined; limit?: number | undefined },
): Promise<RecordHistoryPage> {
  const table = await requireTableAndRecord(ctx, ownerId, ids.tableId, ids.recordId);
  let before: { at: string; id: string } | undefined;
  if (query.before !== undefined) {
    const last = await findRecordEventRow(ctx.db, ownerId, ids.recordId, query.before);
    if (!last) {
      throw new AppError(422, [
        { loc: ['query', 'before'], msg: M.entryNotFound, type: 'value_error' },
      ]);
    }
    before = { at: last.at, id: last.id };
  }
  const limit = query.limit ?? RECORD_HISTORY_PAGE_DEFAULT;
  // One more than the page: whether there is a next page without counting.
  const rows = await listRecordEventRows(ctx.db, ownerId, ids.recordId, before, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => presentEntry(table, row)),
    next_cursor: rows.length > limit && last ? last.id : null,
  };
}

/**
 * Writes an entry's before values back (all of its fields, or `fields`) through the normal
 * update: validation, If-Match, a new version and its own audit event with the caller as actor.
 */
export async function restoreRecordHistory(
  ctx: AppContext,
  scope: AuditScope,
  ids: { tableId: string; recordId: string; entryId: string },
  restore: { fields?: readonly string[] | undefined; ifMatch?: IfMatch | undefined },
): Promise<RecordWriteResult> {
  const ownerId = scope.workspaceId;
  const table = await requireTableAndRecord(ctx, ownerId, ids.tableId, ids.recordId);
  const row = await findRecordEventRow(ctx.db, ownerId, ids.recordId, ids.entryId);
  if (!row) {
    throw new AppError(404, M.entryNotFound);
  }
  const changes = readChanges(row);
  const wanted = restore.fields ?? changes.map((change) => change.field);
  const chosen = wanted.map((name) => {
    const change = changes.find((c) => c.field === name);
    if (!change) {
      throw new AppError(422, [
        { loc: ['body', 'fields'], msg: M.notInEntry(name), type: 'value_error' },
      ]);
    }
    return change;
  });
  const files = await listRecordFiles(ctx.db, ownerId, ids.recordId);
  const data = await resolveRestoreValues(ctx.db, table, files, chosen);
  return updateRecord(ctx, scope, ids.tableId, ids.recordId, {
    data,
    partial: true,
    ifMatch: restore.ifMatch,
  });
}
