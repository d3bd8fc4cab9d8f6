import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuditEventsTable } from '../../db/schema.ts';

export type HistoryEventRow = Selectable<AuditEventsTable>;

// A record's history is the audit log's events about it (issue 32). Every read names the
// workspace and the record: the (workspace_id, target_id, at, id) index serves each page as one
// range scan, however many events the record has.

/** One page of a record's events, newest first; `before` is the last entry of the last page. */
export async function listRecordEventRows(
  db: Db,
  workspaceId: string,
  recordId: string,
  before: { at: string; id: string } | undefined,
  limit: number,
): Promise<HistoryEventRow[]> {
  let query = db
    .selectFrom('audit_events')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('target_id', '=', recordId)
    .where('target_kind', '=', 'record');
  if (before) {
    query = query.where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(before.at, before.id)));
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** One event of the record, or undefined (another record's, workspace's, or no such id). */
export function findRecordEventRow(
  db: Db,
  workspaceId: string,
  recordId: string,
  eventId: string,
): Promise<HistoryEventRow | undefined> {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('target_id', '=', recordId)
    .where('target_kind', '=', 'record')
    .where('id', '=', eventId)
    .executeTakeFirst();
}
