import { formatMappingKey, parseMappingKey } from './mapping-keys.ts';
import { convertValueForType } from './records-values.ts';
import type { CombinationRule, Field, FieldType, UpdateTableBody } from './tables.ts';
import { planSchemaChange, type SchemaChangePlan } from './tables-schema-change.ts';

// Applying a schema change plan to what already exists: the table's own settings, every record's
// data and every mapping key. Pure, so the server can run it inside one transaction and tests
// can check it value by value.

type StoredSchema = {
  fields: readonly Field[];
  combination_rules: readonly CombinationRule[];
  use_display_field: boolean;
  display_field_key: string | null;
};

export type MergedTableUpdate = UpdateTableBody & {
  use_display_field: boolean;
  display_field_key: string | null;
};

/**
 * Fills the display-field settings an update left out from the stored table. An untouched display
 * field follows its field through a rename; when that field is removed the key becomes null, so
 * validation asks the user to choose another field or turn the feature off.
 */
export function mergeTableUpdate(current: StoredSchema, body: UpdateTableBody): MergedTableUpdate {
  const useDisplayField = body.use_display_field ?? current.use_display_field;
  let key = body.display_field_key;
  if (key === undefined) {
    const plan = planSchemaChange(current, body);
    const renamed = plan.renames.find((rename) => rename.from === current.display_field_key);
    const isRemoved = plan.removed.some((name) => name === current.display_field_key);
    key = isRemoved ? null : (renamed?.to ?? current.display_field_key);
  }
  return {
    ...body,
    use_display_field: useDisplayField,
    display_field_key: useDisplayField ? key : null,
  };
}

/** The table as it is stored: the merged body without previous_name and confirmations. */
export function buildStoredSchema(merged: MergedTableUpdate): StoredSchema & { name: string } {
  return {
    name: merged.name,
    fields: merged.fields.map((draft) => {
      const field: Field = {
        name: draft.name,
        label: draft.label,
        type: draft.type,
        required: draft.required,
      };
      if (draft.linked_table_id !== undefined) {
        field.linked_table_id = draft.linked_table_id;
      }
      return field;
    }),
    combination_rules: merged.combination_rules.map((draft) => ({
      name: draft.name,
      label: draft.label,
      source_fields: draft.source_fields,
      separator: draft.separator,
    })),
    use_display_field: merged.use_display_field,
    display_field_key: merged.display_field_key,
  };
}

export type RecordMigration = {
  data: Record<string, unknown>;
  /** New names of retyped fields whose value could not be converted: the change must be refused. */
  failedFields: string[];
};

/**
 * Moves one record's data to the new schema: renamed values move, removed fields and values of
 * relinked link fields are dropped, retyped values are converted (convertValueForType). Keys that
 * belong to no field are dropped too.
 */
export function migrateRecordData(
  data: Readonly<Record<string, unknown>>,
  plan: SchemaChangePlan,
  fields: ReadonlyArray<Pick<Field, 'name'>>,
): RecordMigration {
  const sourceOf = new Map(plan.renames.map((rename) => [rename.to, rename.from]));
  const newTypes = new Map<string, FieldType>(plan.typeChanges.map((c) => [c.name, c.to]));
  const cleared = new Set([...plan.added, ...plan.relinks.map((relink) => relink.name)]);
  const entries: Array<[string, unknown]> = [];
  const failedFields: string[] = [];
  for (const { name } of fields) {
    const source = sourceOf.get(name) ?? name;
    if (cleared.has(name) || !Object.hasOwn(data, source)) {
      continue;
    }
    const newType = newTypes.get(name);
    const converted = newType ? convertValueForType(data[source], newType) : null;
    if (converted && !converted.ok) {
      failedFields.push(name);
      continue;
    }
    entries.push([name, converted ? converted.value : data[source]]);
  }
  return { data: Object.fromEntries(entries), failedFields };
}

/**
 * Where a mapping key sits relative to the changed table: `own` for mappings of this table,
 * `via-link` for `link.field` keys of another table whose link field points at this one.
 */
export type MappingKeyRole = 'own' | 'via-link';

function followName(name: string, plan: SchemaChangePlan): string | null {
  if (plan.removed.includes(name) || plan.removedRules.includes(name)) {
    return null;
  }
  const rename = [...plan.renames, ...plan.ruleRenames].find((change) => change.from === name);
  const newName = rename?.to ?? name;
  // A file cannot fill a PDF field; the mapping dropdowns leave file fields out for that reason.
  const becameFile = plan.typeChanges.some((c) => c.name === newName && c.to === 'file');
  return becameFile ? null : newName;
}

/**
 * The mapping key after the change, in its stored form, or null when the mapping must be deleted:
 * its field or rule is gone or became a file field, or its link field no longer links to the same
 * table. Universal and unparseable keys come back unchanged.
 */
export function migrateMappingKey(
  rawKey: string,
  plan: SchemaChangePlan,
  role: MappingKeyRole,
): string | null {
  const key = parseMappingKey(rawKey);
  if (!key || key.kind === 'universal' || (key.kind === 'field' && role === 'via-link')) {
    return rawKey;
  }
  if (key.kind === 'field' || role === 'via-link') {
    const field = followName(key.field, plan);
    return field === null ? null : formatMappingKey({ ...key, field });
  }
  const linkField = followName(key.linkField, plan);
  const isSameLink =
    linkField !== null &&
    !plan.typeChanges.some((change) => change.name === linkField) &&
    !plan.relinks.some((relink) => relink.name === linkField);
  return isSameLink ? formatMappingKey({ ...key, linkField }) : null;
}
