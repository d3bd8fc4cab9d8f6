import type { z } from 'zod';
import type { ValidationIssue } from './errors.ts';
import {
  FIELD_LABEL_MAX_LENGTH,
  FIELD_NAME_MAX_LENGTH,
  MAX_TABLE_FIELDS,
  TABLE_NAME_MAX_LENGTH,
} from './limits.ts';
import {
  createTableBodySchema,
  DISPLAY_FIELD_TYPES,
  FIELD_TYPE_LABELS,
  getNameKey,
  updateTableBodySchema,
  type CombinationRule,
  type CombinationRuleDraft,
  type Field,
  type FieldDraft,
  type FieldType,
} from './tables.ts';
import { listFieldsLosingValues, planSchemaChange } from './tables-schema-change.ts';

type Noun = 'Field' | 'Combination rule';

// A rule is named in messages; one whose name is still empty is not called "Combination rule ''".
const ruleRef = (name: string) =>
  name === '' ? 'A combination rule without a name' : `Combination rule '${name}'`;

/** Every message of the table rules; the spec's own are word for word (§5 Table create, Schema edit). */
export const TABLE_MESSAGES = {
  nameRequired: 'Please provide a table name',
  nameTooLong: `Table name must be at most ${TABLE_NAME_MAX_LENGTH} characters`,
  fieldsRequired: 'Please add at least one field',
  tooManyFields: `A table can have at most ${MAX_TABLE_FIELDS.toLocaleString('en-US')} fields`,
  fieldNameRequired: 'All fields must have a name',
  fieldNamesUnique: 'Field names must be unique',
  nameTooLongFor: (noun: Noun) =>
    `${noun} names must be at most ${FIELD_NAME_MAX_LENGTH} characters`,
  nameHasSeparator: (noun: Noun, name: string) =>
    `${noun} name '${name}' cannot contain '.' or ':'`,
  labelTooLong: `Labels must be at most ${FIELD_LABEL_MAX_LENGTH} characters`,
  linkTableMissing: (name: string) =>
    `Field '${name}' is type 'link' but no linked table is selected.`,
  noLinkableTables: 'Cannot create link fields as no other tables are available to link to.',
  linkTableUnknown: (name: string) => `Field '${name}' links to a table that does not exist.`,
  linkTableSelf: (name: string) => `Field '${name}' cannot link to its own table.`,
  displayFieldRequired: 'Please select a display field or disable the display field feature',
  displayFieldUnknown: (key: string) => `Display field '${key}' is not a field of this table.`,
  displayFieldType: 'The display field must be a Text, Email or Number field.',
  ruleNameRequired: 'All combination rules must have a name',
  ruleNamesUnique: 'Combination rule names must be unique',
  ruleNameClash: (name: string) => `Combination rule '${name}' has the same name as a field.`,
  ruleSourcesRequired: (name: string) => `${ruleRef(name)} needs at least one source field.`,
  ruleSourceUnknown: (name: string, source: string) =>
    `${ruleRef(name)} uses '${source}', which is not a field of this table.`,
  ruleSourceFile: (name: string, source: string) =>
    `${ruleRef(name)} cannot use the file field '${source}'.`,
  renameUnknown: (noun: Noun, name: string, previous: string) =>
    `${noun} '${name}' is renamed from '${previous}', but the table has no ${noun.toLowerCase()} '${previous}'.`,
  renameTaken: (noun: Noun, previous: string) =>
    `Only one ${noun.toLowerCase()} can be renamed from '${previous}'.`,
  removalUnconfirmed: (name: string) =>
    `Removing field '${name}' deletes its values from every record. Confirm the removal to continue.`,
  // Record ids are unique across tables, so a link value can never be valid in another table.
  relinkUnconfirmed: (name: string) =>
    `Pointing field '${name}' at another table clears its values in every record. Confirm the change to continue.`,
  typeChangeFailed: (name: string, type: FieldType, count: number) =>
    `Field '${name}' cannot become ${FIELD_TYPE_LABELS[type]}: ${count} ${count === 1 ? 'record has a value' : 'records have values'} that cannot be converted.`,
} as const;

/**
 * The issue type the web client looks for to ask "delete these values?"; it then resends the body
 * with the names in `confirm_remove_fields` (see listFieldsLosingValues).
 */
export const CONFIRMATION_REQUIRED = 'confirmation_required';

/** A table schema as the create and update bodies carry it, after normalisation. */
export type TableSchemaDraft = {
  name: string;
  fields: readonly FieldDraft[];
  combination_rules?: readonly CombinationRuleDraft[];
  use_display_field?: boolean | undefined;
  display_field_key?: string | null | undefined;
  confirm_remove_fields?: readonly string[];
};

export type TableValidationContext = {
  /** Ids of the user's other tables, the ones a link field may point at. */
  linkableTableIds: readonly string[];
  /** The table being edited (updates only), so a link to itself gets a clear message. */
  tableId?: string;
  /** The stored schema (updates only): enables the rename and removal checks. */
  current?: { fields: readonly Field[]; combination_rules?: readonly CombinationRule[] };
};

type Issues = ValidationIssue[];
type Loc = ValidationIssue['loc'];

function push(issues: Issues, loc: Loc, msg: string, type = 'value_error') {
  issues.push({ loc, msg, type });
}

function checkName(issues: Issues, noun: Noun, name: string, loc: Loc, seen: Set<string>) {
  if (name.length > FIELD_NAME_MAX_LENGTH) {
    push(issues, loc, TABLE_MESSAGES.nameTooLongFor(noun));
  } else if (/[.:]/.test(name)) {
    push(issues, loc, TABLE_MESSAGES.nameHasSeparator(noun, name));
  }
  const key = getNameKey(name);
  if (seen.has(key)) {
    const unique =
      noun === 'Field' ? TABLE_MESSAGES.fieldNamesUnique : TABLE_MESSAGES.ruleNamesUnique;
    push(issues, loc, unique);
  }
  seen.add(key);
}

function checkFields(issues: Issues, fields: readonly FieldDraft[]) {
  if (fields.length === 0) {
    push(issues, ['fields'], TABLE_MESSAGES.fieldsRequired);
  } else if (fields.length > MAX_TABLE_FIELDS) {
    push(issues, ['fields'], TABLE_MESSAGES.tooManyFields);
  }
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    if (field.name === '') {
      push(issues, ['fields', index, 'name'], TABLE_MESSAGES.fieldNameRequired);
    } else {
      checkName(issues, 'Field', field.name, ['fields', index, 'name'], seen);
    }
    if (field.label.length > FIELD_LABEL_MAX_LENGTH) {
      push(issues, ['fields', index, 'label'], TABLE_MESSAGES.labelTooLong);
    }
  });
}

function checkLinks(issues: Issues, fields: readonly FieldDraft[], ctx: TableValidationContext) {
  const linkable = new Set(ctx.linkableTableIds.filter((id) => id !== ctx.tableId));
  fields.forEach((field, index) => {
    if (field.type !== 'link') {
      return;
    }
    const loc = ['fields', index, 'linked_table_id'];
    if (linkable.size === 0 && field.linked_table_id === undefined) {
      push(issues, ['fields', index, 'type'], TABLE_MESSAGES.noLinkableTables);
    } else if (field.linked_table_id === undefined) {
      push(issues, loc, TABLE_MESSAGES.linkTableMissing(field.name));
    } else if (field.linked_table_id === ctx.tableId) {
      push(issues, loc, TABLE_MESSAGES.linkTableSelf(field.name));
    } else if (!linkable.has(field.linked_table_id)) {
      push(issues, loc, TABLE_MESSAGES.linkTableUnknown(field.name));
    }
  });
}

function checkDisplayField(issues: Issues, body: TableSchemaDraft) {
  if (body.use_display_field !== true) {
    return;
  }
  const key = body.display_field_key;
  const field = body.fields.find((candidate) => candidate.name === key);
  if (!key) {
    push(issues, ['display_field_key'], TABLE_MESSAGES.displayFieldRequired);
  } else if (!field) {
    push(issues, ['display_field_key'], TABLE_MESSAGES.displayFieldUnknown(key));
  } else if (!DISPLAY_FIELD_TYPES.includes(field.type)) {
    push(issues, ['display_field_key'], TABLE_MESSAGES.displayFieldType);
  }
}

function checkRules(issues: Issues, body: TableSchemaDraft) {
  const fieldsByName = new Map(body.fields.map((field) => [field.name, field]));
  const fieldKeys = new Set(body.fields.map((field) => getNameKey(field.name)));
  const seen = new Set<string>();
  (body.combination_rules ?? []).forEach((rule, index) => {
    const loc = ['combination_rules', index, 'name'];
    if (rule.name === '') {
      push(issues, loc, TABLE_MESSAGES.ruleNameRequired);
    } else {
      checkName(issues, 'Combination rule', rule.name, loc, seen);
      if (fieldKeys.has(getNameKey(rule.name))) {
        push(issues, loc, TABLE_MESSAGES.ruleNameClash(rule.name));
      }
    }
    if (rule.label.length > FIELD_LABEL_MAX_LENGTH) {
      push(issues, ['combination_rules', index, 'label'], TABLE_MESSAGES.labelTooLong);
    }
    const sourcesLoc = ['combination_rules', index, 'source_fields'];
    if (rule.source_fields.length === 0) {
      push(issues, sourcesLoc, TABLE_MESSAGES.ruleSourcesRequired(rule.name));
    }
    rule.source_fields.forEach((source, sourceIndex) => {
      const field = fieldsByName.get(source);
      if (!field) {
        push(
          issues,
          [...sourcesLoc, sourceIndex],
          TABLE_MESSAGES.ruleSourceUnknown(rule.name, source),
        );
      } else if (field.type === 'file') {
        push(
          issues,
          [...sourcesLoc, sourceIndex],
          TABLE_MESSAGES.ruleSourceFile(rule.name, source),
        );
      }
    });
  });
}

function checkChanges(issues: Issues, body: TableSchemaDraft, ctx: TableValidationContext) {
  if (!ctx.current) {
    return;
  }
  const plan = planSchemaChange(ctx.current, body);
  for (const unmatched of plan.unmatchedRenames) {
    const isField = unmatched.kind === 'field';
    const noun: Noun = isField ? 'Field' : 'Combination rule';
    const item = isField ? body.fields[unmatched.index] : body.combination_rules?.[unmatched.index];
    const loc = [isField ? 'fields' : 'combination_rules', unmatched.index, 'previous_name'];
    const msg =
      unmatched.reason === 'unknown'
        ? TABLE_MESSAGES.renameUnknown(noun, item?.name ?? '', unmatched.previousName)
        : TABLE_MESSAGES.renameTaken(noun, unmatched.previousName);
    push(issues, loc, msg);
  }
  const confirmed = new Set((body.confirm_remove_fields ?? []).map(getNameKey));
  const relinked = new Set(plan.relinks.map((relink) => relink.name));
  for (const name of listFieldsLosingValues(plan)) {
    if (!confirmed.has(getNameKey(name))) {
      const msg = relinked.has(name)
        ? TABLE_MESSAGES.relinkUnconfirmed(name)
        : TABLE_MESSAGES.removalUnconfirmed(name);
      push(issues, ['confirm_remove_fields'], msg, CONFIRMATION_REQUIRED);
    }
  }
}

/**
 * Checks a normalised create or update body against the table rules and returns every problem
 * with its location in the body (empty when valid). For updates pass the merged body (omitted
 * display-field settings filled from the stored table) and `ctx.current`.
 */
export function validateTableSchema(body: TableSchemaDraft, ctx: TableValidationContext): Issues {
  const issues: Issues = [];
  if (body.name === '') {
    push(issues, ['name'], TABLE_MESSAGES.nameRequired);
  } else if (body.name.length > TABLE_NAME_MAX_LENGTH) {
    push(issues, ['name'], TABLE_MESSAGES.nameTooLong);
  }
  if (body.fields.length > MAX_TABLE_FIELDS) {
    // Counted first: 100,000 fields past the limit get one answer, not 100,000 checks each.
    push(issues, ['fields'], TABLE_MESSAGES.tooManyFields);
    return issues;
  }
  checkFields(issues, body.fields);
  checkLinks(issues, body.fields, ctx);
  checkDisplayField(issues, body);
  checkRules(issues, body);
  checkChanges(issues, body, ctx);
  return issues;
}

function addIssues<T>(issues: Issues, refinement: z.RefinementCtx<T>) {
  for (const issue of issues) {
    refinement.addIssue({ code: 'custom', message: issue.msg, path: issue.loc });
  }
}

/** The create body schema with the table rules, for zodResolver in the create-table modal. */
export function buildCreateTableFormSchema(ctx: TableValidationContext) {
  return createTableBodySchema.superRefine((body, refinement) => {
    addIssues(validateTableSchema(body, ctx), refinement);
  });
}

/** The update body schema with the table rules, for zodResolver in the schema editor. */
export function buildUpdateTableFormSchema(ctx: TableValidationContext) {
  return updateTableBodySchema.superRefine((body, refinement) => {
    addIssues(validateTableSchema(body, ctx), refinement);
  });
}
