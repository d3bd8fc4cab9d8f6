import type { Field } from './tables.ts';

/** The link fields of `table` that point at `targetId`. */
export function listLinkFieldsTo(table: { fields: readonly Field[] }, targetId: string): Field[] {
  return table.fields.filter(
    (field) => field.type === 'link' && field.linked_table_id === targetId,
  );
}

/** The tables that link fields point at (the server locks them while a schema is written). */
export function linkTargetIds(
  fields: ReadonlyArray<{ type: string; linked_table_id?: string | null | undefined }>,
): string[] {
  return fields.flatMap((field) =>
    field.type === 'link' && field.linked_table_id ? [field.linked_table_id] : [],
  );
}
