import type { RecordFile } from '@formbridge/contract/records';
import { parseIsoDate } from '@formbridge/contract/dates';
import { getLinkedRecordLabel, shortenLinkedRecordId } from '@formbridge/contract/display-name';
import type { DisplayNameTable } from '@formbridge/contract/display-name';
import type { Field } from '@formbridge/contract/tables';

/** What one records-table cell shows (spec §4 Cell display). */
export type CellContent =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'files'; files: RecordFile[] }
  | { kind: 'link'; text: string; to: string | null };

/** A linked table with its records by id, once they are loaded. */
export type LinkedTableData = {
  table: DisplayNameTable & { id: string; name: string };
  recordsById: ReadonlyMap<string, { id: string; data: Readonly<Record<string, unknown>> }>;
};

const EMPTY: CellContent = { kind: 'empty' };

/** A calendar day in the browser's locale; the day never shifts with the time zone. */
export function formatCalendarDate(value: string): string {
  const date = parseIsoDate(value);
  return date ? date.toLocaleDateString(undefined, { timeZone: 'UTC' }) : value;
}

function isFileList(value: unknown): value is RecordFile[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && 'filename' in item)
  );
}

function getLinkContent(field: Field, value: unknown, linked: LinkedTableData | undefined) {
  if (typeof value !== 'string' || value === '') {
    return EMPTY;
  }
  // Opens the linked record itself (its table with the record's form open), not just its table.
  const to = field.linked_table_id
    ? `/tables/${field.linked_table_id}?record=${encodeURIComponent(value)}`
    : null;
  const record = linked?.recordsById.get(value);
  const text =
    linked && record ? getLinkedRecordLabel(linked.table, record) : shortenLinkedRecordId(value);
  return { kind: 'link', text, to } satisfies CellContent;
}

/**
 * A field's value as its cell shows it: no value is a dash, Yes/No for booleans, dates in the
 * local format, file names (or 'No file'), and a link cell names the linked record once its
 * table is loaded (the shortened id before that).
 */
export function getCellContent(
  field: Field,
  value: unknown,
  linked?: LinkedTableData,
): CellContent {
  switch (field.type) {
    case 'boolean':
      return value === true || value === false
        ? { kind: 'text', text: value ? 'Yes' : 'No' }
        : EMPTY;
    case 'file':
      return { kind: 'files', files: isFileList(value) ? value : [] };
    case 'link':
      return getLinkContent(field, value, linked);
    case 'date':
      return typeof value === 'string' && value !== ''
        ? { kind: 'text', text: formatCalendarDate(value) }
        : EMPTY;
    default:
      if (value === null || value === undefined || value === '') {
        return EMPTY;
      }
      return { kind: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) };
  }
}
