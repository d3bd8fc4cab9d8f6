import type { FieldMapping } from '@formbridge/contract/mappings';
import type { TargetGroup } from '@formbridge/contract/mapping-targets';
import type { FieldInfoDto } from '@formbridge/contract/templates';
import { vi } from 'vitest';
import type { MappingState } from '../hooks/use-mapping-state';

/** A PDF text field on page 1, `order` rows down the page, with an optional printed label. */
export function textField(order: number, label?: string): FieldInfoDto {
  const rect: [number, number, number, number] = [50, 40 + order * 20, 200, 16];
  return { type: 'text', page: 0, rect, widgets: [{ page: 0, rect }], ...(label ? { label } : {}) };
}

/** A mapping of `field` to a field of the table 'People'. */
export function mappingOf(field: string, key: string, label: string): FieldMapping {
  return {
    id: `00000000-0000-4000-8000-${String(field.length).padStart(12, '0')}`,
    template_id: '00000000-0000-4000-8000-000000000001',
    field_name: field,
    mapped_table_id: '00000000-0000-4000-8000-000000000002',
    mapped_field_key: key,
    suggested: false,
    created_at: '2026-11-26T00:00:00Z',
    updated_at: '2026-11-26T00:00:00Z',
    table_name: 'People',
    target_label: label,
    transform: null,
    transform_label: null,
  };
}

/**
 * What the mapping views read from the mapping screen's state, for a form of `fields` with a
 * table chosen: the hooks' network side is not under test here.
 */
export function fakeMappingState(
  fields: Record<string, FieldInfoDto>,
  mappings: FieldMapping[],
  groups: TargetGroup[] = [],
): MappingState {
  const state = {
    template: {
      data: { id: 't1', name: 'Form', field_data: fields, page_count: 1, pages: [] },
    },
    selectedTable: { id: 'people', name: 'People', fields: [] },
    targetGroups: groups,
    visualTargetGroups: groups,
    mappingByField: new Map(mappings.map((mapping) => [mapping.field_name, mapping])),
    suggestions: new Map(),
    preview: { byField: new Map() },
    assign: vi.fn(async () => true),
    saveTransform: vi.fn(async () => null),
    rejectSuggestion: vi.fn(async () => undefined),
  };
  return state as unknown as MappingState;
}
