import { parseMappingKey } from '@formbridge/contract/mapping-keys';
import {
  getPublicFieldLabel,
  getPublicFieldType,
  type PublicFieldOption,
  type PublicFieldType,
  type PublicFormVariant,
  type TemplateFieldHint,
} from '@formbridge/contract/public-form-rules';
import { readValue } from '@formbridge/contract/records-values';
import type { Field } from '@formbridge/contract/tables';
import type { FieldDataDto } from '@formbridge/contract/templates';
import type { Transform } from '@formbridge/contract/transforms';
import type { StoredTable } from '../tables/tables.public.ts';

/** A table field as a public form offers it. `id` is the field's name: the key visitors send. */
export type PublicField = {
  id: string;
  label: string;
  type: PublicFieldType;
  required: boolean;
  options: PublicFieldOption[];
  mapped_to_template: boolean;
  field: Field;
};

export type StoredValue = string | number | boolean | null;

/** A stored value as a form shows it: scalars as they are, anything else (file lists) as null. */
export function toStoredValue(data: Readonly<Record<string, unknown>>, name: string): StoredValue {
  const value = readValue(data, name);
  const isScalar =
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  return isScalar ? value : null;
}

type ValueMap = Extract<Transform, { kind: 'value_map' }>;
// What the mapped PDF field reads: its options, and the value map the mapping applies on the way.
type MappedHint = { info: TemplateFieldHint | undefined; valueMap: ValueMap | null };

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The table value that becomes this PDF option through the mapping's value map ('M' for the
 * option MALE when the map says M = MALE), so the form shows the record's value as chosen and
 * saves the table's value, never the PDF's code.
 */
function tableValueOf(option: PublicFieldOption, valueMap: ValueMap | null): string | null {
  const entry = valueMap?.entries.find(
    (item) => sameText(item.to, option.value) || sameText(item.to, option.label),
  );
  return entry ? entry.from : null;
}

function toPublicField(
  field: Field,
  variant: PublicFormVariant,
  mapped: MappedHint | undefined,
  isMapped: boolean,
): PublicField | null {
  const hint = mapped?.info;
  const type = getPublicFieldType(field, variant, hint);
  if (type === null) {
    return null;
  }
  const hasChoices = type === 'select' || type === 'radio';
  // Without a value map the record keeps an option's readable label, which every template's fill
  // matches, never one PDF's code: a radio's state name (maybe escaped, `#e5#a5#b3…`) or a
  // dropdown's export value (`CA` for California). A record holding a code still fills.
  const options = (hint?.options ?? []).map((option) => {
    const mappedValue = tableValueOf(option, mapped?.valueMap ?? null);
    return { value: mappedValue ?? option.label, label: option.label };
  });
  return {
    id: field.name,
    label: getPublicFieldLabel(field),
    type,
    // A checkbox is an answer either way, so it is never "required" to the visitor.
    required: field.required && type !== 'checkbox',
    options: hasChoices ? options : [],
    mapped_to_template: isMapped,
    field,
  };
}

/** The fields of a data-collection form: every field but links, in table order. */
export function listDataFormFields(table: StoredTable): PublicField[] {
  return table.fields.flatMap((field) => toPublicField(field, 'data', undefined, false) ?? []);
}

type MappingLike = { field_name: string; mapped_field_key: string; transform?: Transform | null };

// Which table fields the template reads, with the PDF field each fills. A combination rule reads
// its source fields; the first PDF field with choices (or else the first one) shapes the input.
function collectMappedFields(
  table: StoredTable,
  mappings: readonly MappingLike[],
  fieldData: FieldDataDto,
): Map<string, MappedHint | undefined> {
  const mapped = new Map<string, MappedHint | undefined>();
  const fieldNames = new Set(table.fields.map((field) => field.name));
  const mark = (name: string, hint: MappedHint | undefined) => {
    const previous = mapped.get(name);
    const hasBetter =
      (hint?.info?.options?.length ?? 0) > 0 && (previous?.info?.options?.length ?? 0) === 0;
    if (!mapped.has(name) || hasBetter) {
      mapped.set(name, hint ?? previous);
    }
  };
  for (const mapping of mappings) {
    const key = parseMappingKey(mapping.mapped_field_key);
    if (key?.kind !== 'field') {
      continue;
    }
    if (fieldNames.has(key.field)) {
      const info = Object.hasOwn(fieldData, mapping.field_name)
        ? fieldData[mapping.field_name]
        : undefined;
      const transform = mapping.transform ?? null;
      mark(key.field, {
        info,
        valueMap: transform?.kind === 'value_map' ? transform : null,
      });
      continue;
    }
    const rule = table.combination_rules.find((candidate) => candidate.name === key.field);
    rule?.source_fields
      .filter((name) => fieldNames.has(name))
      .forEach((name) => mark(name, undefined));
  }
  return mapped;
}

/**
 * The fields of a document form: the table's fields but links and files, those the template
 * reads ('Document Fields') first, then the rest ('Additional Information'), each in table order.
 */
export function listDocumentFormFields(
  table: StoredTable,
  mappings: readonly MappingLike[],
  fieldData: FieldDataDto,
): PublicField[] {
  const mapped = collectMappedFields(table, mappings, fieldData);
  const fields = table.fields.flatMap(
    (field) =>
      toPublicField(field, 'document', mapped.get(field.name), mapped.has(field.name)) ?? [],
  );
  return [
    ...fields.filter((field) => field.mapped_to_template),
    ...fields.filter((field) => !field.mapped_to_template),
  ];
}
