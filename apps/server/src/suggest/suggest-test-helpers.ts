// Builders for the suggestion engine's tests: short, readable inputs.
import type { Field } from '@formbridge/contract/tables';
import type { FieldDataDto, FieldInfoDto } from '@formbridge/contract/templates';
import { UNIVERSAL_FIELDS } from '@formbridge/contract/universal-fields';
import type { SuggestInput, SuggestLinkedTable, SuggestTable } from './suggest-types.ts';

/** A PDF field of the given type on page 0 (override anything). */
export function pdfField(overrides: Partial<FieldInfoDto> = {}): FieldInfoDto {
  return {
    type: 'text',
    page: 0,
    rect: [0, 0, 100, 12],
    widgets: [{ page: 0, rect: [0, 0, 100, 12] }],
    ...overrides,
  };
}

/** A table field: `'Birth Date:date'` is a date field, a bare name is a string field. */
export function tableField(spec: string): Field {
  const [name = spec, type = 'string'] = spec.split(':');
  return { name, label: name, type: type as Field['type'], required: false };
}

/** A table from `name:type` specs, with optional combination rules `{name: sources}`. */
export function table(
  name: string,
  specs: readonly string[],
  rules: Record<string, string[]> = {},
): SuggestTable {
  return {
    name,
    fields: specs.map(tableField),
    combination_rules: Object.entries(rules).map(([rule, sources]) => ({
      name: rule,
      label: rule,
      source_fields: sources,
      separator: ' ',
    })),
  };
}

/** A complete engine input; linked tables need a matching link field in `main`. */
export function suggestInput(
  fields: FieldDataDto,
  main: SuggestTable,
  linkedTables: SuggestLinkedTable[] = [],
  mapped: string[] = [],
): SuggestInput {
  return {
    fields,
    mappedFieldNames: new Set(mapped),
    table: main,
    linkedTables,
    universalFields: UNIVERSAL_FIELDS,
  };
}
