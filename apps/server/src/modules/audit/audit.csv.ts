import type { AuditEvent } from '@formbridge/contract/audit';

export const AUDIT_CSV_COLUMNS = [
  'time',
  'actor_kind',
  'actor_id',
  'actor',
  'source',
  'action',
  'target_kind',
  'target_id',
  'target',
  'changes',
  'ip',
  'user_agent',
  'event_id',
] as const;

/**
 * One CSV cell (RFC 4180 quoting). A cell a spreadsheet would run as a formula (= + - @, tab,
 * carriage return) gets a leading apostrophe: names and values come from users and visitors.
 */
export function csvCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The changes of an event in one cell: `field: before → after`, separated by semicolons. */
export function describeChanges(event: AuditEvent): string {
  return event.changes
    .map(
      (change) => `${change.field}: ${change.before ?? '(empty)'} → ${change.after ?? '(empty)'}`,
    )
    .join('; ');
}

/** One event as a CSV line (CRLF-terminated). */
export function auditCsvLine(event: AuditEvent): string {
  const cells = [
    event.at,
    event.actor.kind,
    event.actor.id,
    event.actor.name,
    event.source,
    event.action,
    event.target.kind,
    event.target.id,
    event.target.name,
    describeChanges(event),
    event.ip,
    event.user_agent,
    event.id,
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The whole export: a header line, then one line per event as they are read. */
export async function* auditCsv(events: AsyncIterable<AuditEvent>): AsyncGenerator<string> {
  yield `\uFEFF${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
  for await (const event of events) {
    yield auditCsvLine(event);
  }
}
