import { z } from 'zod';
import { DEFAULT_COMBINATION_SEPARATOR } from './limits.ts';

// Shapes of dynamic tables (spec §3, contract.md "Tables"). These schemas check shape and
// normalise; the rules with the spec's messages live in tables-validation.ts so that the server
// and the web forms report them word for word, in one place.

export const FIELD_TYPES = [
  'string',
  'number',
  'date',
  'boolean',
  'email',
  'file',
  'link',
] as const;
export const fieldTypeSchema = z.enum(FIELD_TYPES);
export type FieldType = z.infer<typeof fieldTypeSchema>;

/** How each field type is shown in the UI (spec §3). */
export const FIELD_TYPE_LABELS: Readonly<Record<FieldType, string>> = {
  string: 'Text',
  number: 'Number',
  date: 'Date',
  boolean: 'Yes/No',
  email: 'Email',
  file: 'File Upload',
  link: 'Link to Table',
};

/** The create-table modal offers every type but link; the schema editor offers all seven. */
export const CREATE_FORM_FIELD_TYPES = FIELD_TYPES.filter((type) => type !== 'link');
/** Only these types can be a table's display field (spec §5 Schema edit). */
export const DISPLAY_FIELD_TYPES: readonly FieldType[] = ['string', 'email', 'number'];

/**
 * The key two field or rule names are compared by: names are unique ignoring case (contract.md),
 * for every script, and whatever Unicode form the browser sent.
 */
export function getNameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** True when the value is one of the seven field types. */
export function isFieldType(value: unknown): value is FieldType {
  return fieldTypeSchema.safeParse(value).success;
}

/** The UI label of a field type; an unknown or missing type reads as Text, like the spec's lists. */
export function getFieldTypeLabel(type: unknown): string {
  return isFieldType(type) ? FIELD_TYPE_LABELS[type] : FIELD_TYPE_LABELS.string;
}

// ---- Stored and returned shapes -------------------------------------------------------------

export const fieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: fieldTypeSchema,
  required: z.boolean(),
  /** Only on link fields. */
  linked_table_id: z.string().optional(),
});
export type Field = z.infer<typeof fieldSchema>;

export const combinationRuleSchema = z.object({
  name: z.string(),
  label: z.string(),
  source_fields: z.array(z.string()),
  separator: z.string(),
});
export type CombinationRule = z.infer<typeof combinationRuleSchema>;

/** A table's definition: what the schema editor and the pure rules read. */
export const tableSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  fields: z.array(fieldSchema),
  combination_rules: z.array(combinationRuleSchema),
  use_display_field: z.boolean(),
  display_field_key: z.string().nullable(),
  record_count: z.number().int().nonnegative().optional(),
});
export type Table = z.infer<typeof tableSchema>;

/**
 * GET /api/v1/dynamic-tables/{id} and each item of the list: the table plus the counts the list
 * cards and the schema summary show.
 */
export const tableResponseSchema = tableSchema.extend({
  updated_at: z.string(),
  field_count: z.number().int().nonnegative(),
  record_count: z.number().int().nonnegative(),
});
export type TableResponse = z.infer<typeof tableResponseSchema>;

/** A mapping a schema change deleted, because the field it pointed at is gone. */
export const droppedMappingSchema = z.object({
  id: z.string(),
  template_id: z.string(),
  field_name: z.string(),
  mapped_table_id: z.string(),
  mapped_field_key: z.string(),
});
export type DroppedMapping = z.infer<typeof droppedMappingSchema>;

/** PUT /api/v1/dynamic-tables/{id}: the table plus the mappings the change deleted. */
export const tableUpdateResponseSchema = tableResponseSchema.extend({
  dropped_mappings: z.array(droppedMappingSchema),
});
export type TableUpdateResponse = z.infer<typeof tableUpdateResponseSchema>;

// ---- Request bodies ---------------------------------------------------------------------------

// NFC so 'é' typed on macOS and on Windows is one name, not two that look alike.
const nameInput = z.string().trim().normalize('NFC');
const optionalNameInput = nameInput.nullish();
const optionalTextInput = z.string().trim().nullish();

const fieldInputSchema = z.object({
  name: nameInput,
  label: optionalTextInput,
  type: fieldTypeSchema.default('string'),
  required: z.boolean().default(false),
  linked_table_id: optionalTextInput,
});

/**
 * `previous_name` is the rename protocol: a field or rule that was renamed in the editor carries
 * the name it had when the table was loaded, so the server moves values and mappings instead of
 * dropping the old field and adding an empty one. Without it, a field is matched to an existing
 * one by name (ignoring case).
 */
const fieldUpdateInputSchema = fieldInputSchema.extend({ previous_name: optionalNameInput });

const ruleInputSchema = z.object({
  name: nameInput,
  label: optionalTextInput,
  source_fields: z.array(nameInput).default([]),
  separator: z.string().nullish(),
  previous_name: optionalNameInput,
});

type FieldInput = z.output<typeof fieldUpdateInputSchema>;
type RuleInput = z.output<typeof ruleInputSchema>;

/** A field as a create or update body carries it, after normalisation. */
export type FieldDraft = Field & { previous_name?: string | null };
/** A combination rule as a body carries it, after normalisation. */
export type CombinationRuleDraft = CombinationRule & { previous_name?: string | null };

// A label left at its default follows the field through a rename instead of keeping the old name.
function resolveLabel(item: {
  name: string;
  label?: string | null;
  previous_name?: string | null;
}) {
  const isStaleDefault = item.previous_name != null && item.label === item.previous_name;
  return item.label && !isStaleDefault ? item.label : item.name;
}

function normalizeField(input: FieldInput): FieldDraft {
  const field: FieldDraft = {
    name: input.name,
    label: resolveLabel(input),
    type: input.type,
    required: input.required,
  };
  // Spec §3: linked_table_id belongs to link fields only and is removed otherwise.
  if (input.type === 'link' && input.linked_table_id) {
    field.linked_table_id = input.linked_table_id;
  }
  if (input.previous_name) {
    field.previous_name = input.previous_name;
  }
  return field;
}

function normalizeRule(input: RuleInput): CombinationRuleDraft {
  const rule: CombinationRuleDraft = {
    name: input.name,
    label: resolveLabel(input),
    source_fields: input.source_fields,
    separator: input.separator ?? DEFAULT_COMBINATION_SEPARATOR,
  };
  if (input.previous_name) {
    rule.previous_name = input.previous_name;
  }
  return rule;
}

/** POST /api/v1/dynamic-tables/. The spec's client sends name and fields; the rest is optional. */
export const createTableBodySchema = z
  .object({
    name: nameInput,
    fields: z.array(fieldInputSchema),
    combination_rules: z.array(ruleInputSchema.omit({ previous_name: true })).default([]),
    use_display_field: z.boolean().default(false),
    display_field_key: optionalNameInput,
  })
  .transform((body) => ({
    name: body.name,
    fields: body.fields.map((field) => normalizeField({ ...field, previous_name: null })),
    combination_rules: body.combination_rules.map((rule) =>
      normalizeRule({ ...rule, previous_name: null }),
    ),
    use_display_field: body.use_display_field,
    display_field_key: body.use_display_field ? (body.display_field_key ?? null) : null,
  }));
export type CreateTableBody = z.output<typeof createTableBodySchema>;

/**
 * PUT /api/v1/dynamic-tables/{id}: the whole new schema. `use_display_field` and
 * `display_field_key` left out mean "unchanged". `confirm_remove_fields` lists the old names of
 * fields the user agreed to delete with their values; removing a field without it is refused.
 */
export const updateTableBodySchema = z
  .object({
    name: nameInput,
    fields: z.array(fieldUpdateInputSchema),
    combination_rules: z.array(ruleInputSchema).default([]),
    use_display_field: z.boolean().optional(),
    display_field_key: optionalNameInput,
    confirm_remove_fields: z.array(nameInput).default([]),
  })
  .transform((body) => ({
    name: body.name,
    fields: body.fields.map(normalizeField),
    combination_rules: body.combination_rules.map(normalizeRule),
    use_display_field: body.use_display_field,
    // Turning the display field off clears the choice, so no stale key outlives its field.
    display_field_key: body.use_display_field === false ? null : body.display_field_key,
    confirm_remove_fields: body.confirm_remove_fields,
  }));
export type UpdateTableBody = z.output<typeof updateTableBodySchema>;
