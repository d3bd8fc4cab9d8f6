import { computeCombinationValue } from '@formbridge/contract/combination';
import { getLinkedRecordLabel } from '@formbridge/contract/display-name';
import { parseMappingKey, type MappingKey } from '@formbridge/contract/mapping-keys';
import { isEmptyValue, readValue } from '@formbridge/contract/records-values';
import { getNameKey, type CombinationRule, type Field } from '@formbridge/contract/tables';
import type { FieldInfoDto } from '@formbridge/contract/templates';
import { describeTransform } from '@formbridge/contract/transforms-describe';
import { applyTransform } from '@formbridge/contract/transforms-evaluate';
import type { Transform } from '@formbridge/contract/transforms';
import { findUniversalField } from '@formbridge/contract/universal-fields';
import type { FillValue } from '../../pdf/fill/fill-form.ts';

// Turns a template's mappings and one record into the values the fill engine writes. Pure: the
// caller loads the record, the records its link fields point at, and the universal values.

export type SourceTable = {
  id: string;
  name: string;
  fields: Field[];
  combination_rules: CombinationRule[];
  use_display_field: boolean;
  display_field_key: string | null;
};

export type SourceRecord = { id: string; table_id: string; data: Record<string, unknown> };

export type ValueSources = {
  table: SourceTable;
  record: SourceRecord;
  /** The owner's tables, for the tables link fields point at. */
  tablesById: ReadonlyMap<string, SourceTable>;
  /** Records link fields point at (one or two links away), by id. */
  linkedRecords: ReadonlyMap<string, SourceRecord>;
  /** Universal dynamic values by key (universal-values.ts). */
  universal: Readonly<Record<string, string>>;
};

export type MappingLike = {
  field_name: string;
  mapped_field_key: string;
  transform?: Transform | null;
};

/** Which transform filled a field, and why its value is empty or not what was asked (or null). */
export type TransformTrace = { transform: string; note: string | null };

export type AssembledValues = {
  values: Record<string, FillValue>;
  /** Fields whose value went through a transform, by PDF field name. */
  transforms: Record<string, TransformTrace>;
};

/** What the PDF field says about itself that changes how a value is written. */
type FieldHints = Pick<FieldInfoDto, 'max_length' | 'comb'> | undefined;

const ISO_DATE_LENGTH = 10;

// Each list's items by name key, built once per list: a bulk job looks up every mapped field of
// every record, and normalizing every name for every lookup was most of the main thread's
// allocations per form (docs/benchmarks.md). The lists are a loaded table's, never changed after.
const nameIndexes = new WeakMap<readonly { name: string }[], Map<string, { name: string }>>();

function findByName<T extends { name: string }>(items: readonly T[], name: string): T | undefined {
  let index = nameIndexes.get(items);
  if (!index) {
    index = new Map();
    for (const item of items) {
      const key = getNameKey(item.name);
      if (!index.has(key)) {
        index.set(key, item);
      }
    }
    nameIndexes.set(items, index);
  }
  return index.get(getNameKey(name)) as T | undefined;
}

/**
 * Dates are written 'YYYY-MM-DD' (contract.md). A field too short for that (max length or comb
 * boxes under 10) gets the same order without dashes: 'YYYYMMDD' for 8–9 boxes, 'YYMMDD' for 6–7.
 * The order never changes, because no locale can be guessed from a box count.
 */
export function formatDateForField(iso: string, hints: FieldHints): string {
  const maxLength = hints?.max_length;
  if (maxLength === undefined || maxLength >= ISO_DATE_LENGTH) {
    return iso;
  }
  const compact = iso.replaceAll('-', '');
  if (maxLength >= 8) {
    return compact;
  }
  return maxLength >= 6 ? compact.slice(2) : iso;
}

function linkLabel(id: string, sources: ValueSources): FillValue {
  const linked = sources.linkedRecords.get(id);
  const linkedTable = linked ? sources.tablesById.get(linked.table_id) : undefined;
  return linked && linkedTable ? getLinkedRecordLabel(linkedTable, linked) : null;
}

function formatFieldValue(
  field: Field,
  value: unknown,
  sources: ValueSources,
  hints: FieldHints,
): FillValue {
  if (isEmptyValue(value)) {
    return null;
  }
  switch (field.type) {
    case 'boolean':
      // Checkboxes take the boolean; a text field shows it as Yes/No (fill engine).
      return typeof value === 'boolean' ? value : String(value);
    case 'number':
      return typeof value === 'number' ? value : String(value);
    case 'date':
      return typeof value === 'string' ? formatDateForField(value, hints) : String(value);
    case 'link':
      return typeof value === 'string' ? linkLabel(value, sources) : null;
    case 'file':
      return null; // mappings refuse file fields; an old one writes nothing
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

/** A field or combination rule of `table`, read from `record`. */
function readTarget(
  table: SourceTable,
  record: SourceRecord,
  name: string,
  sources: ValueSources,
  hints: FieldHints,
): FillValue {
  const field = findByName(table.fields, name);
  if (field) {
    return formatFieldValue(field, readValue(record.data, field.name), sources, hints);
  }
  const rule = findByName(table.combination_rules, name);
  if (rule) {
    const joined = computeCombinationValue(rule, record.data);
    return joined === '' ? null : joined;
  }
  return null; // the target was removed from the table after the mapping was made
}

function readLinked(linkFieldName: string, name: string, sources: ValueSources, hints: FieldHints) {
  const linkField = findByName(sources.table.fields, linkFieldName);
  const id = linkField ? readValue(sources.record.data, linkField.name) : undefined;
  const linked = typeof id === 'string' ? sources.linkedRecords.get(id) : undefined;
  const linkedTable = linked ? sources.tablesById.get(linked.table_id) : undefined;
  return linked && linkedTable ? readTarget(linkedTable, linked, name, sources, hints) : null;
}

function readUniversal(key: string, sources: ValueSources, hints: FieldHints): FillValue {
  const value = sources.universal[key];
  if (value === undefined) {
    return null;
  }
  return findUniversalField(key)?.type === 'date' ? formatDateForField(value, hints) : value;
}

function readKey(key: MappingKey, sources: ValueSources, hints: FieldHints): FillValue {
  if (key.kind === 'universal') {
    return readUniversal(key.key, sources, hints);
  }
  if (key.kind === 'linked') {
    return readLinked(key.linkField, key.field, sources, hints);
  }
  return readTarget(sources.table, sources.record, key.field, sources, hints);
}

/**
 * The value of every mapped PDF field for one record, keyed by PDF field name: plain fields by
 * type (booleans for checkboxes, numbers as they are, dates per formatDateForField), combination
 * rules joined, `link.field` read from the linked record, a link field itself as the linked
 * record's label (the link-cell rule of spec §3), universal values. A mapping with a transform
 * hands the value as stored (dates 'YYYY-MM-DD') to the contract's evaluator instead, and its
 * trace says which transform ran. An empty value is null, which clears the field; PDF fields
 * without a mapping are not in the result and stay untouched.
 */
export function assembleValuesWithTrace(
  mappings: readonly MappingLike[],
  fieldData: Readonly<Record<string, Pick<FieldInfoDto, 'max_length' | 'comb'>>>,
  sources: ValueSources,
): AssembledValues {
  const values: Record<string, FillValue> = {};
  const transforms: Record<string, TransformTrace> = {};
  const lookup = (raw: string) => {
    const key = parseMappingKey(raw);
    return key ? readKey(key, sources, undefined) : null;
  };
  for (const mapping of mappings) {
    const key = parseMappingKey(mapping.mapped_field_key);
    if (!key) {
      continue;
    }
    const transform = mapping.transform ?? null;
    if (transform === null) {
      const hints = Object.hasOwn(fieldData, mapping.field_name)
        ? fieldData[mapping.field_name]
        : undefined;
      values[mapping.field_name] = readKey(key, sources, hints);
      continue;
    }
    const outcome = applyTransform(transform, readKey(key, sources, undefined), { lookup });
    values[mapping.field_name] = outcome.value;
    transforms[mapping.field_name] = {
      transform: describeTransform(transform),
      note: outcome.note,
    };
  }
  return { values, transforms };
}

/** The values of assembleValuesWithTrace without the trace. */
export function assembleValues(
  mappings: readonly MappingLike[],
  fieldData: Readonly<Record<string, Pick<FieldInfoDto, 'max_length' | 'comb'>>>,
  sources: ValueSources,
): Record<string, FillValue> {
  return assembleValuesWithTrace(mappings, fieldData, sources).values;
}

/**
 * Ids of records that `records` point at through link fields: those the mappings may read.
 * Called once for the records themselves and once more for the linked ones (two links away).
 */
export function collectLinkedIds(
  records: readonly SourceRecord[],
  tablesById: ReadonlyMap<string, SourceTable>,
): string[] {
  const ids = new Set<string>();
  for (const record of records) {
    const table = tablesById.get(record.table_id);
    for (const field of table?.fields ?? []) {
      const value = field.type === 'link' ? readValue(record.data, field.name) : undefined;
      if (typeof value === 'string' && value !== '') {
        ids.add(value);
      }
    }
  }
  return [...ids];
}
