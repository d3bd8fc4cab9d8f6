import type { FieldMapping } from '@formbridge/contract/mappings';
import { resolveMappingTarget, type TargetTable } from '@formbridge/contract/mapping-targets';
import { describeTransform } from '@formbridge/contract/transforms-describe';
import { parseStoredTransform } from '@formbridge/contract/transforms';
import { UNIVERSAL_FIELDS } from '@formbridge/contract/universal-fields';
import { toBoolean } from '../../db/dialect.ts';
import type { MappingRow } from './mappings.crud.repo.ts';

/** A mapping with its table's name and the label of its target (the key itself if it went stale). */
export function presentMapping(
  row: MappingRow,
  tablesById: ReadonlyMap<string, TargetTable>,
): FieldMapping {
  const table = tablesById.get(row.mapped_table_id);
  const resolved = table
    ? resolveMappingTarget(row.mapped_field_key, table, tablesById, UNIVERSAL_FIELDS)
    : null;
  const transform = parseStoredTransform(row.transform);
  return {
    id: row.id,
    template_id: row.template_id,
    field_name: row.field_name,
    mapped_table_id: row.mapped_table_id,
    mapped_field_key: row.mapped_field_key,
    suggested: toBoolean(row.suggested),
    created_at: row.created_at,
    updated_at: row.updated_at,
    table_name: table?.name ?? 'Unknown Table',
    target_label: resolved?.ok ? resolved.label : row.mapped_field_key,
    transform,
    transform_label: transform ? describeTransform(transform) : null,
  };
}
