import type { TableResponse } from '@formbridge/contract/tables';
import type { StoredTable } from './tables.model.ts';

export function presentTable(table: StoredTable): TableResponse {
  return {
    id: table.id,
    name: table.name,
    created_at: table.created_at,
    updated_at: table.updated_at,
    fields: table.fields,
    combination_rules: table.combination_rules,
    use_display_field: table.use_display_field,
    display_field_key: table.display_field_key,
    field_count: table.fields.length,
    record_count: table.record_count,
  };
}
