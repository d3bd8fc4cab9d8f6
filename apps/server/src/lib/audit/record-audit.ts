import crypto from 'node:crypto';
import type { AuditChange, AuditTargetKind } from '@formbridge/contract/audit';
import type { Db } from '../../db/database.ts';
import type { AuditActor } from './audit-actor.ts';

export type AuditTarget = { kind: AuditTargetKind; id: string; name: string };

/** One write as the audit log records it; `action` is `<target kind>.<verb>`. */
export type AuditEventInput = {
  workspaceId: string;
  action: string;
  target: AuditTarget;
  changes?: readonly AuditChange[];
};

/**
 * A time-ordered UUID (version 7 layout): 48 bits of milliseconds, then random bits. Events of the
 * same millisecond still page in a stable order, and ids sort like their times.
 */
export function newAuditEventId(now: number = Date.now()): string {
  const bytes = crypto.randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;
const clipOrNull = (text: string | null, max: number) => (text === null ? null : clip(text, max));

/**
 * Appends one event, in the caller's transaction: the write and its event commit together or not
 * at all (an event that cannot be written rolls the write back). Pass the transaction the write
 * used, never the app's `db`.
 */
export async function recordAudit(
  trx: Db,
  actor: AuditActor,
  event: AuditEventInput,
): Promise<void> {
  await recordAuditMany(trx, actor, [event]);
}

/**
 * Appends many events of one actor (an import's records), a few hundred rows per statement,
 * in the caller's transaction like recordAudit.
 */
export async function recordAuditMany(
  trx: Db,
  actor: AuditActor,
  events: readonly AuditEventInput[],
): Promise<void> {
  const now = Date.now();
  const rows = events.map((event) => ({
    id: newAuditEventId(now),
    workspace_id: event.workspaceId,
    at: new Date(now).toISOString(),
    actor_kind: actor.kind,
    actor_id: actor.id,
    actor_name: clip(actor.name, 320),
    source: actor.source,
    action: event.action,
    target_kind: event.target.kind,
    target_id: event.target.id,
    target_name: clip(event.target.name, 500),
    changes: JSON.stringify(event.changes ?? []),
    ip: clipOrNull(actor.ip, 64),
    user_agent: clipOrNull(actor.userAgent, 500),
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto('audit_events')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}
