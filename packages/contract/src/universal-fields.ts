import type { UniversalField } from './mappings.ts';

// Universal dynamic fields (spec §3, contract.md "Mappings"): values that come from the moment of
// generation, the signed-in user or the record itself rather than from a table column. Mapped as
// `universal::<key>`. Types use the table field vocabulary so the mapper can show them alike.
//
// Beyond the seven the contract requires, the list carries what real forms ask for most often
// and a table rarely stores: the day, month and year split into boxes (French and US forms print
// "le |_|_| |_|_| |_|_|_|_|" or "Date MM DD YYYY"), the current time, and the record's display
// name for a "prepared for" line.

/** Keys the contract requires (contract.md "Mappings"). */
export const REQUIRED_UNIVERSAL_KEYS = [
  'current_date',
  'current_datetime',
  'current_year',
  'user_email',
  'record_id',
  'template_name',
  'table_name',
] as const;

/** Every universal dynamic field, in the order the mapper lists them. */
export const UNIVERSAL_FIELDS: readonly UniversalField[] = [
  { key: 'current_date', label: 'Current Date', type: 'date' },
  { key: 'current_datetime', label: 'Current Date and Time', type: 'string' },
  { key: 'current_time', label: 'Current Time', type: 'string' },
  { key: 'current_day', label: 'Current Day (DD)', type: 'string' },
  { key: 'current_month', label: 'Current Month (MM)', type: 'string' },
  { key: 'current_year', label: 'Current Year (YYYY)', type: 'string' },
  { key: 'user_email', label: 'User Email', type: 'email' },
  { key: 'record_id', label: 'Record ID', type: 'string' },
  { key: 'record_display_name', label: 'Record Display Name', type: 'string' },
  { key: 'template_name', label: 'Template Name', type: 'string' },
  { key: 'table_name', label: 'Table Name', type: 'string' },
];

/** The universal field with this key (without the `universal::` prefix), if there is one. */
export function findUniversalField(key: string): UniversalField | undefined {
  return UNIVERSAL_FIELDS.find((field) => field.key === key);
}

/** True when `key` (without the `universal::` prefix) names a universal dynamic field. */
export function isUniversalFieldKey(key: string): boolean {
  return findUniversalField(key) !== undefined;
}
