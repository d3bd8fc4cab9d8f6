import type { CombinationRule, Field } from '@formbridge/contract/tables';
import { toBoolean } from '../../db/dialect.ts';
import type { TableRow } from './tables.repo.ts';

/** A table row with its JSON columns read: what services and presenters work with. */
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
  };
}

/** The link fields of `table` that point at `targetId`. */
export function listLinkFieldsTo(table: StoredTable, targetId: string): Field[] {
  return table.fields.filter(
    (field) => field.type === 'link' && field.linked_table_id === targetId,
  );
}

/** The tables that link fields point at (to lock them while the schema is written). */
export function linkTargetIds(
  fields: ReadonlyArray<{ type: string; linked_table_id?: string | null | undefined }>,
): string[] {
  return fields.flatMap((field) =>
    field.type === 'link' && field.linked_table_id ? [field.linked_table_id] : [],
  );
}

/** Puts rule issues (loc relative to the body) where the API reports them: under 'body'. */
export function inBody<T extends { loc: Array<string | number> }>(issues: readonly T[]): T[] {
  return issues.map((issue) => ({ ...issue, loc: ['body', ...issue.loc] }));
}
