import type { AuditSource } from '@formbridge/contract/audit';
import type { RecordHistoryEntry } from '@formbridge/contract/record-history';

/** Where a change came from, as history names it. */
export const SOURCE_LABELS: Readonly<Record<AuditSource, string>> = {
  web: 'Web app',
  api: 'API',
  import: 'Import',
  public_form: 'Public form',
  data_link: 'Data link',
  bulk_job: 'Bulk job',
  system_sweep: 'System',
};

const ACTION_LABELS: Readonly<Record<string, string>> = {
  'record.created': 'Created',
  'record.updated': 'Edited',
  'record.deleted': 'Deleted',
  'record.file_added': 'File added',
  'record.file_removed': 'File removed',
};

/** 'Edited', 'File added'…: what an entry did, the action itself for one history does not know. */
export function describeAction(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

// Before a creation every field was empty, and after a deletion there is no record: going
// "back" there is emptying fields or nothing, so the screen offers no restore on them (the API
// still takes one).
const NOTHING_TO_RESTORE = new Set(['record.created', 'record.deleted']);

/** Whether an entry offers restore at all (its changes say which fields can be). */
export function canRestoreEntry(entry: RecordHistoryEntry): boolean {
  return !NOTHING_TO_RESTORE.has(entry.action) && entry.changes.some((change) => change.restorable);
}
