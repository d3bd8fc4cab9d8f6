import { parseStoredTransform, type Transform } from '@formbridge/contract/transforms';
import { toBoolean } from '../../db/dialect.ts';
import type { MappingRow } from './mappings.crud.repo.ts';

/**
 * A template field's mapping as other modules work with it: which table value fills the PDF
 * field `field_name`, and the transform (parsed) applied on the way.
 */
export type StoredMapping = {
  id: string;
  template_id: string;
  field_name: string;
  mapped_table_id: string;
  /** 'field', 'linkfield.field' or 'universal::key' (contract mapping-keys.ts). */
  mapped_field_key: string;
  suggested: boolean;
  transform: Transform | null;
  created_at: string;
  updated_at: string;
};

/** Reads a mapping row: its transform parsed (the app wrote it, so its shape is trusted). */
export function readMapping(row: MappingRow): StoredMapping {
  return {
    id: row.id,
    template_id: row.template_id,
    field_name: row.field_name,
    mapped_table_id: row.mapped_table_id,
    mapped_field_key: row.mapped_field_key,
    suggested: toBoolean(row.suggested),
    transform: parseStoredTransform(row.transform),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What a table schema change sees of a mapping: where it reads from. */
export type MappingTarget = Pick<
  StoredMapping,
  'id' | 'template_id' | 'field_name' | 'mapped_table_id' | 'mapped_field_key'
>;
