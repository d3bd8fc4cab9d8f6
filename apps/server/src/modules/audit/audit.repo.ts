import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuditEventsTable } from '../../db/schema.ts';

export type AuditEventRow = Selectable<AuditEventsTable>;

/** Filters of one read of the log; `before` is the keyset cursor (the last event seen). */
export type AuditFilter = {
  actorId?: string | undefined;
  targetKind?: string | undefined;
  targetId?: string | undefined;
  action?: string | undefined;
  /** ISO instants, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  before?: { at: string; id: string } | undefined;
};

/**
 * One page of a workspace's events, newest first. Keyset paging on (at, id) compared as a row
 * value: each page is one range scan of an index ending in (at, id), as fast at the millionth
 * event as at the first.
 */
export function listAuditEventRows(
  db: Db,
  workspaceId: string,
  filter: AuditFilter,
  limit: number,
): Promise<AuditEventRow[]> {
  let query = db.selectFrom('audit_events').selectAll().where('workspace_id', '=', workspaceId);
  if (filter.actorId !== undefined) {
    query = query.where('actor_id', '=', filter.actorId);
  }
  if (filter.targetKind !== undefined) {
    query = query.where('target_kind', '=', filter.targetKind);
  }
  if (filter.targetId !== undefined) {
    query = query.where('target_id', '=', filter.targetId);
  }
  if (filter.action !== undefined) {
    query = query.where('action', '=', filter.action);
  }
  if (filter.from !== undefined) {
    query = query.where('at', '>=', filter.from);
  }
  if (filter.to !== undefined) {
    query = query.where('at', '<=', filter.to);
  }
  const before = filter.before;
  if (before) {
    query = query.where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(before.at, before.id)));
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
