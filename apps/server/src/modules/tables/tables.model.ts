import type { CombinationRule, Field } from '@formbridge/contract/tables';
import { toBoolean } from '../../db/dialect.ts';
import type { TableRow } from './tables.repo.ts';

/**
 * A table as every module works with it: its JSON columns read, its counters as numbers. Other
 * modules get this from tables.public.ts, never the row.
 */
export type StoredTable = {
  id: string;
  owner_id: string;
  name: string;
  fields: Field[];
  combination_rules: CombinationRule[];
  use_display_field: boolean;
  display_field_key: string | null;
  created_at: string;
  updated_at: string;
  /** Kept on the row by every record insert and delete: no COUNT(*) on a records page. */
  record_count: number;
  /** Moves on with every record write and schema edit; records pages are kept per version. */
  records_version: number;
};

/** Reads a table row's JSON columns; the app wrote them, so their shape is trusted. */
export function readTable(row: TableRow): StoredTable {
  return {
    id: row.id,
    owner_id: row.owner_id,
    name: row.name,
    fields: JSON.parse(row.fields) as Field[],
    combination_rules: JSON.parse(row.combination_rules) as CombinationRule[],
    use_display_field: toBoolean(row.use_display_field),
    display_field_key: row.display_field_key,
    created_at: row.created_at,
    updated_at: row.updated_at,
    record_count: Number(row.record_count),
    records_version: Number(row.records_version),
  };
}
