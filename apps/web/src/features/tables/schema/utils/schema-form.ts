import { isEmptyValue, readValue } from '@formbridge/contract/records-values';
import { DEFAULT_COMBINATION_SEPARATOR } from '@formbridge/contract/limits';
import {
  updateTableBodySchema,
  type FieldType,
  type UpdateTableBody,
  type TableResponse,
} from '@formbridge/contract/tables';
import { buildUpdateTableFormSchema } from '@formbridge/contract/tables-validation';
import {
  listFieldsLosingValues,
  planSchemaChange,
  type SchemaChangePlan,
} from '@formbridge/contract/tables-schema-change';
import { set, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';

// The schema editor refers to fields by a row key that never changes while the dialog is open,
// so a rule's source fields and the display field follow a field through a rename; names are
// put back in when the form becomes the PUT body.

export type SchemaFieldRow = {
  key: string;
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  linked_table_id: string;
  /** The stored name of an existing field (the rename protocol); null for a new field. */
  previous_name: string | null;
};

export type SchemaRuleRow = {
  key: string;
  name: string;
  label: string;
  source_keys: string[];
  separator: string;
  previous_name: string | null;
};

export type SchemaFormValues = {
  name: string;
  fields: SchemaFieldRow[];
  combination_rules: SchemaRuleRow[];
  use_display_field: boolean;
  /** Row key of the display field, '' for none. */
  display_field_row: string;
};

let rowCounter = 0;
export function newRowKey(): string {
  rowCounter += 1;
  return `row-${rowCounter}`;
}

export function newFieldRow(): SchemaFieldRow {
  return {
    key: newRowKey(),
    name: '',
    label: '',
    type: 'string',
    required: false,
    linked_table_id: '',
    previous_name: null,
  };
}

export function newRuleRow(): SchemaRuleRow {
  return {
    key: newRowKey(),
    name: '',
    label: '',
    source_keys: [],
    separator: DEFAULT_COMBINATION_SEPARATOR,
    previous_name: null,
  };
}

/** The editor's starting values: the stored schema, every item remembering its stored name. */
export function toSchemaFormValues(table: TableResponse): SchemaFormValues {
  const fields = table.fields.map((field) => ({
    key: newRowKey(),
    name: field.name,
    label: field.label === field.name ? '' : field.label,
    type: field.type,
    required: field.required,
    linked_table_id: field.linked_table_id ?? '',
    previous_name: field.name,
  }));
  const keyByName = new Map(fields.map((row) => [row.name, row.key]));
  const toKeys = (names: readonly string[]) =>
    names.flatMap((name) => {
      const key = keyByName.get(name);
      return key ? [key] : [];
    });
  return {
    name: table.name,
    fields,
    combination_rules: table.combination_rules.map((rule) => ({
      key: newRowKey(),
      name: rule.name,
      label: rule.label === rule.name ? '' : rule.label,
      source_keys: toKeys(rule.source_fields),
      separator: rule.separator,
      previous_name: rule.name,
    })),
    use_display_field: table.use_display_field,
    display_field_row: (table.display_field_key && keyByName.get(table.display_field_key)) || '',
  };
}

/** The PUT body (before normalisation) the form describes; confirmations are added later. */
export function toUpdateBodyInput(values: SchemaFormValues) {
  const nameByKey = new Map(values.fields.map((row) => [row.key, row.name]));
  return {
    name: values.name,
    fields: values.fields.map((row) => ({
      name: row.name,
      // An empty label means "same as the name", including after a rename.
      label: row.label.trim() === '' ? null : row.label,
      type: row.type,
      required: row.required,
      linked_table_id: row.type === 'link' ? row.linked_table_id : null,
      previous_name: row.previous_name,
    })),
    combination_rules: values.combination_rules.map((rule) => ({
      name: rule.name,
      label: rule.label.trim() === '' ? null : rule.label,
      source_fields: rule.source_keys.flatMap((key) => {
        const name = nameByKey.get(key);
        return name === undefined ? [] : [name];
      }),
      separator: rule.separator,
      previous_name: rule.previous_name,
    })),
    use_display_field: values.use_display_field,
    display_field_key: values.use_display_field
      ? (nameByKey.get(values.display_field_row) ?? null)
      : null,
  };
}

/** Where an issue of the body (loc without 'body') is shown in the editor. */
export function toFormPath(loc: ReadonlyArray<string | number>): string {
  const [head, index, part] = loc;
  if (head === 'name') {
    return 'name';
  }
  if (head === 'display_field_key') {
    return 'display_field_row';
  }
  if ((head === 'fields' || head === 'combination_rules') && typeof index === 'number') {
    if (part === 'previous_name') {
      return `${head}.${index}.name`;
    }
    if (part === 'source_fields') {
      return `${head}.${index}.source_keys`;
    }
    return `${head}.${index}.${String(part ?? 'name')}`;
  }
  if (head === 'fields') {
    return 'fields.root';
  }
  return 'root.schema';
}

/** Issues as react-hook-form errors, the first message per place. */
export function toSchemaFormErrors(
  issues: ReadonlyArray<{ loc: ReadonlyArray<string | number>; msg: string; type?: string }>,
): FieldErrors<SchemaFormValues> {
  const errors: FieldErrors<SchemaFormValues> = {};
  const seen = new Set<string>();
  for (const issue of issues) {
    const path = toFormPath(issue.loc);
    if (!seen.has(path)) {
      seen.add(path);
      set(errors, path, { type: issue.type ?? 'validation', message: issue.msg });
    }
  }
  return errors;
}

/**
 * The fields a body would delete values of (removed ones, links pointed at another table),
 * computed by the contract's plan against the stored table.
 */
export function listLosingFields(
  table: Pick<TableResponse, 'fields' | 'combination_rules'>,
  body: UpdateTableBody,
): string[] {
  return listFieldsLosingValues(planSchemaChange(table, body));
}

/**
 * Validates the editor with the contract's update rules. Removals are counted as confirmed here:
 * the dialog asks the user about them (with what they lose) before it sends anything.
 */
export function createSchemaResolver(
  table: TableResponse,
  linkableTableIds: readonly string[],
): Resolver<SchemaFormValues, unknown, UpdateTableBody> {
  const schema = buildUpdateTableFormSchema({
    linkableTableIds,
    tableId: table.id,
    current: table,
  });
  return (values) => {
    const input = toUpdateBodyInput(values);
    const shape = updateTableBodySchema.safeParse(input);
    const confirm = shape.success ? listLosingFields(table, shape.data) : [];
    const result = schema.safeParse({ ...input, confirm_remove_fields: confirm });
    if (result.success) {
      return { values: result.data, errors: {} };
    }
    const issues = result.error.issues.map((issue) => ({
      loc: issue.path.filter((part) => typeof part !== 'symbol'),
      msg: issue.message,
    }));
    return { values: {}, errors: toSchemaFormErrors(issues) };
  };
}

export type LosingField = { name: string; recordsWithValues: number };

/** Each field losing its values, with how many records hold a value in it today. */
export function describeLosingFields(
  plan: SchemaChangePlan,
  records: ReadonlyArray<{ data: Readonly<Record<string, unknown>> }>,
): LosingField[] {
  // Removed fields are named by their stored name; relinked ones by their new name.
  const losing = [
    ...plan.removed.map((name) => ({ name, stored: name })),
    ...plan.relinks.map(({ name }) => ({
      name,
      stored: plan.renames.find((rename) => rename.to === name)?.from ?? name,
    })),
  ];
  return losing.map(({ name, stored }) => ({
    name,
    recordsWithValues: records.filter((record) => !isEmptyValue(readValue(record.data, stored)))
      .length,
  }));
}

/** The editor's form, as its parts receive it. */
export type SchemaForm = UseFormReturn<SchemaFormValues, unknown, UpdateTableBody>;
