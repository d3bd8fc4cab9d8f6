import { MAPPING_MESSAGES, type UniversalField } from './mappings.ts';
import { formatMappingKey, MAPPING_KEY_MESSAGE, parseMappingKey } from './mapping-keys.ts';
import { getNameKey, type CombinationRule, type Field } from './tables.ts';

/** What a mapping can point at: the mapped table and the tables its link fields reach. */
export type TargetTable = {
  id: string;
  name: string;
  fields: Field[];
  combination_rules: CombinationRule[];
};

export type TargetOption = { key: string; label: string; type: string };
export type TargetGroup = { label: string; options: TargetOption[] };

export type ResolvedTarget =
  { ok: true; key: string; label: string; type: string } | { ok: false; message: string };

function findByName<T extends { name: string }>(items: T[], name: string): T | undefined {
  const wanted = getNameKey(name);
  return items.find((item) => getNameKey(item.name) === wanted);
}

/** A field or rule of one table; file fields can never fill a PDF field. */
function resolveInTable(table: TargetTable, name: string): ResolvedTarget {
  const field = findByName(table.fields, name);
  if (field) {
    return field.type === 'file'
      ? { ok: false, message: MAPPING_MESSAGES.fileTarget(field.name) }
      : { ok: true, key: field.name, label: field.label || field.name, type: field.type };
  }
  const rule = findByName(table.combination_rules, name);
  if (rule) {
    return { ok: true, key: rule.name, label: rule.label || rule.name, type: 'string' };
  }
  return { ok: false, message: MAPPING_MESSAGES.unknownTarget(name, table.name) };
}

/**
 * Checks a `mapped_field_key` against the table it maps to and returns its stored form (exact
 * names, '.' for linked keys) with a label, or the reason it is refused.
 */
export function resolveMappingTarget(
  rawKey: string,
  table: TargetTable,
  linkedTables: ReadonlyMap<string, TargetTable>,
  universalFields: readonly UniversalField[],
): ResolvedTarget {
  const key = parseMappingKey(rawKey);
  if (!key) {
    return { ok: false, message: MAPPING_KEY_MESSAGE };
  }
  if (key.kind === 'universal') {
    const universal = universalFields.find((item) => item.key === key.key);
    return universal
      ? { ok: true, key: formatMappingKey(key), label: universal.label, type: universal.type }
      : { ok: false, message: MAPPING_MESSAGES.unknownUniversal(key.key) };
  }
  if (key.kind === 'field') {
    return resolveInTable(table, key.field);
  }
  const link = findByName(table.fields, key.linkField);
  if (!link || link.type !== 'link') {
    return { ok: false, message: MAPPING_MESSAGES.notALink(key.linkField) };
  }
  const linked = link.linked_table_id ? linkedTables.get(link.linked_table_id) : undefined;
  if (!linked) {
    return { ok: false, message: MAPPING_MESSAGES.linkWithoutTable(link.name) };
  }
  const inner = resolveInTable(linked, key.field);
  if (!inner.ok) {
    return inner;
  }
  return {
    ok: true,
    key: formatMappingKey({ kind: 'linked', linkField: link.name, field: inner.key }),
    label: `${link.label || link.name} → ${inner.label}`,
    type: inner.type,
  };
}

function tableOptions(table: TargetTable, prefix: string): TargetOption[] {
  return [
    ...table.fields
      .filter((field) => field.type !== 'file')
      .map((field) => ({
        key: prefix + field.name,
        label: field.label || field.name,
        type: field.type,
      })),
    ...table.combination_rules.map((rule) => ({
      key: prefix + rule.name,
      label: rule.label || rule.name,
      type: 'string',
    })),
  ];
}

/**
 * Spec §2 names the groups differently in its two mapping views: the table view's dropdown says
 * Table Fields / Dynamic Values, the visual editor's Primary Table Fields / Universal Fields.
 */
const GROUP_NAMES = {
  table: { primary: 'Table Fields', universal: 'Dynamic Values' },
  visual: { primary: 'Primary Table Fields', universal: 'Universal Fields' },
} as const;

/**
 * The choices of the mapping dropdown (spec §2): the table's own fields, Combination Fields, one
 * group per linked table (fields and rules, as `linkfield.field`), the universal values. Empty
 * groups are left out; `view` picks the group names of the table view or the visual editor.
 */
export function listMappingTargets(
  table: TargetTable,
  linkedTables: ReadonlyMap<string, TargetTable>,
  universalFields: readonly UniversalField[],
  view: keyof typeof GROUP_NAMES = 'table',
): TargetGroup[] {
  const names = GROUP_NAMES[view];
  const groups: TargetGroup[] = [
    {
      label: names.primary,
      options: table.fields
        .filter((field) => field.type !== 'file')
        .map((field) => ({ key: field.name, label: field.label || field.name, type: field.type })),
    },
    {
      label: 'Combination Fields',
      options: table.combination_rules.map((rule) => ({
        key: rule.name,
        label: rule.label || rule.name,
        type: 'string',
      })),
    },
  ];
  for (const link of table.fields) {
    const linked =
      link.type === 'link' && link.linked_table_id
        ? linkedTables.get(link.linked_table_id)
        : undefined;
    if (linked) {
      groups.push({
        label: `${linked.name} (Linked)`,
        options: tableOptions(linked, `${link.name}.`),
      });
    }
  }
  groups.push({
    label: names.universal,
    options: universalFields.map((item) => ({
      key: `universal::${item.key}`,
      label: item.label,
      type: item.type,
    })),
  });
  return groups.filter((group) => group.options.length > 0);
}
