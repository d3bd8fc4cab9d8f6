import type { FieldMapping } from '@formbridge/contract/mappings';
import type { FieldInfoDto } from '@formbridge/contract/templates';
import { matchesSearch } from '../../../lib/search-text';

/**
 * The PDF fields the filter keeps: it reads the field's name, its printed label and tooltip, and
 * what it is mapped to (the table field's key and label, and the table).
 */
export function filterMappingFields(
  fields: ReadonlyArray<[string, FieldInfoDto]>,
  query: string,
  mappingByField: ReadonlyMap<string, FieldMapping>,
): Array<[string, FieldInfoDto]> {
  if (!query.trim()) {
    return [...fields];
  }
  return fields.filter(([name, info]) => {
    const mapping = mappingByField.get(name);
    return matchesSearch(query, [
      name,
      info.label,
      info.tooltip,
      mapping?.mapped_field_key,
      mapping?.target_label,
      mapping?.table_name,
    ]);
  });
}
