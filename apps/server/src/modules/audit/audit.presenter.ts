import type { AuditChange, AuditEvent } from '@formbridge/contract/audit';
import type { AuditEventRow } from './audit.repo.ts';

/** An event row as the API shows it; the kinds were written from the contract's enums. */
export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    at: row.at,
    actor: {
      kind: row.actor_kind as AuditEvent['actor']['kind'],
      id: row.actor_id,
      name: row.actor_name,
    },
    source: row.source as AuditEvent['source'],
    action: row.action,
    target: {
      kind: row.target_kind as AuditEvent['target']['kind'],
      id: row.target_id,
      name: row.target_name,
    },
    // Record events also keep stored values (for history's restore): the log shows text only.
    changes: (JSON.parse(row.changes) as AuditChange[]).map(({ field, before, after }) => ({
      field,
      before,
      after,
    })),
    ip: row.ip,
    user_agent: row.user_agent,
  };
}

/** The cursor after an event: opaque to clients, the event's (at, id). */
export function encodeAuditCursor(row: { at: string; id: string }): string {
  return Buffer.from(`${row.at}|${row.id}`, 'utf8').toString('base64url');
}

/** The (at, id) a cursor names, or null when it is not one of ours. */
export function decodeAuditCursor(cursor: string): { at: string; id: string } | null {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || rest.length > 0 || Number.isNaN(Date.parse(at))) {
    return null;
  }
  return { at, id };
}
