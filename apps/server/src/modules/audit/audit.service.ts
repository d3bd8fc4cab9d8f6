import {
  AUDIT_PAGE_SIZE_DEFAULT,
  type AuditEvent,
  type AuditPage,
  type AuditQuery,
} from '@formbridge/contract/audit';
import type { AppContext } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { decodeAuditCursor, encodeAuditCursor, presentAuditEvent } from './audit.presenter.ts';
import { listAuditEventRows, type AuditFilter } from './audit.repo.ts';

function toFilter(query: AuditQuery): AuditFilter {
  const before = query.cursor === undefined ? undefined : decodeAuditCursor(query.cursor);
  if (before === null) {
    throw validationError([{ loc: ['query', 'cursor'], msg: 'Invalid cursor.' }]);
  }
  // Instants with any offset compare as stored: UTC ISO strings of one length.
  const iso = (value: string | undefined) =>
    value === undefined ? undefined : new Date(value).toISOString();
  return {
    actorId: query.actor,
    targetKind: query.target_kind,
    targetId: query.target_id,
    action: query.action,
    from: iso(query.from),
    to: iso(query.to),
    before,
  };
}

/** One page of a workspace's log, newest first, with the cursor of the next (null: the last). */
export async function listAuditPage(
  ctx: AppContext,
  workspaceId: string,
  query: AuditQuery,
): Promise<AuditPage> {
  const limit = query.limit ?? AUDIT_PAGE_SIZE_DEFAULT;
  // One more than asked tells whether another page exists without a count.
  const rows = await listAuditEventRows(ctx.db, workspaceId, toFilter(query), limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map(presentAuditEvent),
    next_cursor: rows.length > limit && last ? encodeAuditCursor(last) : null,
  };
}

const EXPORT_BATCH = 1000;

/** Every event the filters select, newest first, read in keyset batches (for the CSV export). */
export async function* readAuditEvents(
  ctx: AppContext,
  workspaceId: string,
  query: AuditQuery,
): AsyncGenerator<AuditEvent> {
  const filter = toFilter(query);
  for (;;) {
    const rows = await listAuditEventRows(ctx.db, workspaceId, filter, EXPORT_BATCH);
    for (const row of rows) {
      yield presentAuditEvent(row);
    }
    const last = rows.at(-1);
    if (rows.length < EXPORT_BATCH || !last) {
      return;
    }
    filter.before = { at: last.at, id: last.id };
  }
}
