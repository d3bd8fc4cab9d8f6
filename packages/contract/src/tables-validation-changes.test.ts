import { describe, expect, it } from 'vitest';
// Update-only rules: the rename and removal protocol, and the zod form schemas built on the rules.
import { updateTableBodySchema, type Field } from './tables.ts';
import {
  buildCreateTableFormSchema,
  buildUpdateTableFormSchema,
  CONFIRMATION_REQUIRED,
  TABLE_MESSAGES,
  validateTableSchema,
  type TableValidationContext,
} from './tables-validation.ts';

const OTHER_TABLES: TableValidationContext = { linkableTableIds: ['t-clients', 't-orders'] };

function validateUpdate(input: unknown, ctx: TableValidationContext) {
  return validateTableSchema(updateTableBodySchema.parse(input), ctx);
}

const issue = (loc: Array<string | number>, msg: string, type = 'value_error') => ({
  loc,
  msg,
  type,
});

describe('validateTableSchema: renames and removals on update', () => {
  const current: { fields: Field[]; combination_rules: [] } = {
    fields: [
      { name: 'name', label: 'name', type: 'string', required: true },
      { name: 'phone', label: 'phone', type: 'string', required: false },
    ],
    combination_rules: [],
  };
  const ctx: TableValidationContext = { linkableTableIds: [], current };

  it('accepts a rename announced with previous_name', () => {
    expect(
      validateUpdate(
        { name: 'T', fields: [{ name: 'Full Name', previous_name: 'name' }, { name: 'phone' }] },
        ctx,
      ),
    ).toEqual([]);
  });

  it('asks to confirm each removed field, with a type the client can recognise', () => {
    expect(validateUpdate({ name: 'T', fields: [{ name: 'name' }] }, ctx)).toEqual([
      issue(
        ['confirm_remove_fields'],
        "Removing field 'phone' deletes its values from every record. Confirm the removal to continue.",
        CONFIRMATION_REQUIRED,
      ),
    ]);
  });

  it('accepts a confirmed removal, ignoring case in the confirmation', () => {
    expect(
      validateUpdate(
        { name: 'T', fields: [{ name: 'name' }], confirm_remove_fields: ['PHONE'] },
        ctx,
      ),
    ).toEqual([]);
  });

  it('reads a rename without previous_name as a removal that needs confirming', () => {
    const issues = validateUpdate(
      { name: 'T', fields: [{ name: 'Full Name' }, { name: 'phone' }] },
      ctx,
    );
    expect(issues.map((entry) => entry.msg)).toEqual([TABLE_MESSAGES.removalUnconfirmed('name')]);
  });

  it('refuses a previous_name that is not a field', () => {
    expect(
      validateUpdate(
        {
          name: 'T',
          fields: [{ name: 'name' }, { name: 'mobile', previous_name: 'cell' }],
          confirm_remove_fields: ['phone'],
        },
        ctx,
      ),
    ).toEqual([
      issue(
        ['fields', 1, 'previous_name'],
        "Field 'mobile' is renamed from 'cell', but the table has no field 'cell'.",
      ),
    ]);
  });

  it('refuses two fields renamed from the same field', () => {
    expect(
      validateUpdate(
        {
          name: 'T',
          fields: [
            { name: 'a', previous_name: 'name' },
            { name: 'b', previous_name: 'name' },
            { name: 'phone' },
          ],
        },
        ctx,
      ),
    ).toEqual([
      issue(['fields', 1, 'previous_name'], "Only one field can be renamed from 'name'."),
    ]);
  });

  it('asks to confirm pointing a link field at another table, and accepts the confirmation', () => {
    const linked = {
      linkableTableIds: ['t1', 't2'],
      current: {
        fields: [
          {
            name: 'client',
            label: 'client',
            type: 'link' as const,
            required: false,
            linked_table_id: 't1',
          },
        ],
      },
    };
    const body = { name: 'T', fields: [{ name: 'client', type: 'link', linked_table_id: 't2' }] };
    expect(validateUpdate(body, linked)).toEqual([
      issue(
        ['confirm_remove_fields'],
        "Pointing field 'client' at another table clears its values in every record. Confirm the change to continue.",
        CONFIRMATION_REQUIRED,
      ),
    ]);
    expect(validateUpdate({ ...body, confirm_remove_fields: ['client'] }, linked)).toEqual([]);
  });

  it('checks rule renames the same way', () => {
    const withRule = {
      ...ctx,
      current: {
        ...current,
        combination_rules: [{ name: 'r', label: 'r', source_fields: ['name'], separator: ' ' }],
      },
    };
    expect(
      validateUpdate(
        {
          name: 'T',
          fields: [{ name: 'name' }, { name: 'phone' }],
          combination_rules: [{ name: 'r2', previous_name: 'x', source_fields: ['name'] }],
        },
        withRule,
      ),
    ).toEqual([
      issue(
        ['combination_rules', 0, 'previous_name'],
        "Combination rule 'r2' is renamed from 'x', but the table has no combination rule 'x'.",
      ),
    ]);
  });
});

describe('TABLE_MESSAGES.typeChangeFailed', () => {
  it('names the field, the new type and the count', () => {
    expect(TABLE_MESSAGES.typeChangeFailed('Age', 'number', 1)).toBe(
      "Field 'Age' cannot become Number: 1 record has a value that cannot be converted.",
    );
    expect(TABLE_MESSAGES.typeChangeFailed('Born', 'date', 3)).toBe(
      "Field 'Born' cannot become Date: 3 records have values that cannot be converted.",
    );
  });
});

describe('form schemas with the rules', () => {
  it('reports the rules as zod issues at their paths', () => {
    const result = buildCreateTableFormSchema(OTHER_TABLES).safeParse({
      name: '',
      fields: [{ name: 'a' }, { name: 'A' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((entry) => [entry.path, entry.message])).toEqual([
      [['name'], 'Please provide a table name'],
      [['fields', 1, 'name'], 'Field names must be unique'],
    ]);
  });

  it('passes a valid update through normalised', () => {
    const result = buildUpdateTableFormSchema(OTHER_TABLES).parse({
      name: ' T ',
      fields: [{ name: 'a' }],
    });
    expect(result.name).toBe('T');
    expect(result.fields[0]?.label).toBe('a');
  });
});
