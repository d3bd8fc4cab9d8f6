import { describe, expect, it } from 'vitest';
import { createTableBodySchema, updateTableBodySchema } from './tables.ts';
import { validateTableSchema, type TableValidationContext } from './tables-validation.ts';

const NO_TABLES: TableValidationContext = { linkableTableIds: [] };
const OTHER_TABLES: TableValidationContext = { linkableTableIds: ['t-clients', 't-orders'] };

function validateCreate(input: unknown, ctx: TableValidationContext = OTHER_TABLES) {
  return validateTableSchema(createTableBodySchema.parse(input), ctx);
}

function validateUpdate(input: unknown, ctx: TableValidationContext) {
  return validateTableSchema(updateTableBodySchema.parse(input), ctx);
}

const issue = (loc: Array<string | number>, msg: string, type = 'value_error') => ({
  loc,
  msg,
  type,
});

describe('validateTableSchema: table create rules (spec §5)', () => {
  it('accepts a valid table', () => {
    expect(
      validateCreate({
        name: 'Clients',
        fields: [{ name: 'Prénom' }, { name: 'Total Paid 2024' }],
      }),
    ).toEqual([]);
  });

  it("asks for a table name: 'Please provide a table name'", () => {
    expect(validateCreate({ name: '   ', fields: [{ name: 'a' }] })).toEqual([
      issue(['name'], 'Please provide a table name'),
    ]);
  });

  it('limits the table name to 200 characters', () => {
    expect(validateCreate({ name: 'x'.repeat(200), fields: [{ name: 'a' }] })).toEqual([]);
    expect(validateCreate({ name: 'x'.repeat(201), fields: [{ name: 'a' }] })).toEqual([
      issue(['name'], 'Table name must be at most 200 characters'),
    ]);
  });

  it("asks for at least one field: 'Please add at least one field'", () => {
    expect(validateCreate({ name: 'T', fields: [] })).toEqual([
      issue(['fields'], 'Please add at least one field'),
    ]);
  });

  it('takes 1,000 fields (a 925-field tax return maps to one table) and no more', () => {
    const fields = Array.from({ length: 1001 }, (_, index) => ({ name: `f${index}` }));
    expect(validateCreate({ name: 'T', fields: fields.slice(0, 1000) })).toEqual([]);
    expect(validateCreate({ name: 'T', fields })).toEqual([
      issue(['fields'], 'A table can have at most 1,000 fields'),
    ]);
  });

  it("flags each unnamed field: 'All fields must have a name'", () => {
    expect(
      validateCreate({ name: 'T', fields: [{ name: 'a' }, { name: ' ' }, { name: '' }] }),
    ).toEqual([
      issue(['fields', 1, 'name'], 'All fields must have a name'),
      issue(['fields', 2, 'name'], 'All fields must have a name'),
    ]);
  });

  it("flags a repeated name ignoring case: 'Field names must be unique'", () => {
    expect(
      validateCreate({ name: 'T', fields: [{ name: 'Email' }, { name: 'x' }, { name: 'EMAIL' }] }),
    ).toEqual([issue(['fields', 2, 'name'], 'Field names must be unique')]);
  });

  it('treats Cyrillic names differing only in case as the same name', () => {
    expect(validateCreate({ name: 'T', fields: [{ name: 'Имя' }, { name: 'имя' }] })).toEqual([
      issue(['fields', 1, 'name'], 'Field names must be unique'),
    ]);
  });

  it('limits field names to 100 characters', () => {
    expect(validateCreate({ name: 'T', fields: [{ name: 'é'.repeat(100) }] })).toEqual([]);
    expect(validateCreate({ name: 'T', fields: [{ name: 'é'.repeat(101) }] })).toEqual([
      issue(['fields', 0, 'name'], 'Field names must be at most 100 characters'),
    ]);
  });

  it.each(['client.name', 'a:b', 'universal::key'])(
    "refuses '.' and ':' in the field name %s",
    (name) => {
      expect(validateCreate({ name: 'T', fields: [{ name }] })).toEqual([
        issue(['fields', 0, 'name'], `Field name '${name}' cannot contain '.' or ':'`),
      ]);
    },
  );

  it('limits labels to 200 characters', () => {
    expect(validateCreate({ name: 'T', fields: [{ name: 'a', label: 'L'.repeat(201) }] })).toEqual([
      issue(['fields', 0, 'label'], 'Labels must be at most 200 characters'),
    ]);
  });
});

describe('validateTableSchema: link fields (spec §5 Schema edit)', () => {
  it('accepts a link to another table of the user', () => {
    expect(
      validateCreate({
        name: 'T',
        fields: [{ name: 'client', type: 'link', linked_table_id: 't-clients' }],
      }),
    ).toEqual([]);
  });

  it('names the field whose linked table is missing', () => {
    expect(validateCreate({ name: 'T', fields: [{ name: 'client', type: 'link' }] })).toEqual([
      issue(
        ['fields', 0, 'linked_table_id'],
        "Field 'client' is type 'link' but no linked table is selected.",
      ),
    ]);
  });

  it('says when there is no other table to link to', () => {
    expect(
      validateCreate({ name: 'T', fields: [{ name: 'client', type: 'link' }] }, NO_TABLES),
    ).toEqual([
      issue(
        ['fields', 0, 'type'],
        'Cannot create link fields as no other tables are available to link to.',
      ),
    ]);
  });

  it("refuses a table that is not one of the user's", () => {
    expect(
      validateCreate({
        name: 'T',
        fields: [{ name: 'client', type: 'link', linked_table_id: 't-someone-else' }],
      }),
    ).toEqual([
      issue(
        ['fields', 0, 'linked_table_id'],
        "Field 'client' links to a table that does not exist.",
      ),
    ]);
  });

  it('refuses a link from a table to itself', () => {
    const ctx = { linkableTableIds: ['t-self', 't-clients'], tableId: 't-self' };
    expect(
      validateUpdate(
        { name: 'T', fields: [{ name: 'parent', type: 'link', linked_table_id: 't-self' }] },
        ctx,
      ),
    ).toEqual([
      issue(['fields', 0, 'linked_table_id'], "Field 'parent' cannot link to its own table."),
    ]);
  });

  it('counts a list holding only the current table as no other tables', () => {
    const ctx = { linkableTableIds: ['t-self'], tableId: 't-self' };
    expect(validateUpdate({ name: 'T', fields: [{ name: 'parent', type: 'link' }] }, ctx)).toEqual([
      issue(
        ['fields', 0, 'type'],
        'Cannot create link fields as no other tables are available to link to.',
      ),
    ]);
  });
});

describe('validateTableSchema: display field', () => {
  const fields = [
    { name: 'name', type: 'string' },
    { name: 'email', type: 'email' },
    { name: 'no', type: 'number' },
    { name: 'born', type: 'date' },
  ];

  it.each(['name', 'email', 'no'])('accepts the %s field', (key) => {
    expect(
      validateCreate({ name: 'T', fields, use_display_field: true, display_field_key: key }),
    ).toEqual([]);
  });

  it('asks for a display field when the feature is on without one', () => {
    expect(validateCreate({ name: 'T', fields, use_display_field: true })).toEqual([
      issue(
        ['display_field_key'],
        'Please select a display field or disable the display field feature',
      ),
    ]);
  });

  it('refuses a display field that is not a field', () => {
    expect(
      validateCreate({ name: 'T', fields, use_display_field: true, display_field_key: 'nickname' }),
    ).toEqual([
      issue(['display_field_key'], "Display field 'nickname' is not a field of this table."),
    ]);
  });

  it('refuses a display field of another type than Text, Email or Number', () => {
    expect(
      validateCreate({ name: 'T', fields, use_display_field: true, display_field_key: 'born' }),
    ).toEqual([
      issue(['display_field_key'], 'The display field must be a Text, Email or Number field.'),
    ]);
  });

  it('ignores the key while the feature is off', () => {
    expect(
      validateUpdate(
        { name: 'T', fields, display_field_key: 'nickname' },
        { linkableTableIds: [] },
      ),
    ).toEqual([]);
  });
});

describe('validateTableSchema: combination rules', () => {
  const fields = [{ name: 'first' }, { name: 'last' }, { name: 'scan', type: 'file' }];
  const withRules = (combination_rules: unknown[]) =>
    validateCreate({ name: 'T', fields, combination_rules });

  it('accepts a rule over existing fields', () => {
    expect(
      withRules([{ name: 'full_name', source_fields: ['first', 'last'], separator: ' ' }]),
    ).toEqual([]);
  });

  it('asks for a name', () => {
    expect(withRules([{ name: ' ', source_fields: ['first'] }])).toEqual([
      issue(['combination_rules', 0, 'name'], 'All combination rules must have a name'),
    ]);
  });

  it('never calls an unnamed rule "Combination rule \'\'"', () => {
    const messages = withRules([{ name: '', source_fields: [] }]).map((item) => item.msg);
    expect(messages).toEqual([
      'All combination rules must have a name',
      'A combination rule without a name needs at least one source field.',
    ]);
    expect(messages.join(' ')).not.toContain("''");
  });

  it('refuses repeated rule names ignoring case', () => {
    expect(
      withRules([
        { name: 'Full', source_fields: ['first'] },
        { name: 'full', source_fields: ['last'] },
      ]),
    ).toEqual([issue(['combination_rules', 1, 'name'], 'Combination rule names must be unique')]);
  });

  it('refuses a rule named like a field', () => {
    expect(withRules([{ name: 'FIRST', source_fields: ['last'] }])).toEqual([
      issue(
        ['combination_rules', 0, 'name'],
        "Combination rule 'FIRST' has the same name as a field.",
      ),
    ]);
  });

  it("follows the field name rules: no '.' or ':' and at most 100 characters", () => {
    expect(
      withRules([
        { name: 'a.b', source_fields: ['first'] },
        { name: 'r'.repeat(101), source_fields: ['first'] },
      ]),
    ).toEqual([
      issue(
        ['combination_rules', 0, 'name'],
        "Combination rule name 'a.b' cannot contain '.' or ':'",
      ),
      issue(
        ['combination_rules', 1, 'name'],
        'Combination rule names must be at most 100 characters',
      ),
    ]);
  });

  it('needs at least one source field', () => {
    expect(withRules([{ name: 'empty', source_fields: [] }])).toEqual([
      issue(
        ['combination_rules', 0, 'source_fields'],
        "Combination rule 'empty' needs at least one source field.",
      ),
    ]);
  });

  it('refuses a source that is not a field, and a file field', () => {
    expect(withRules([{ name: 'r', source_fields: ['first', 'middle', 'scan'] }])).toEqual([
      issue(
        ['combination_rules', 0, 'source_fields', 1],
        "Combination rule 'r' uses 'middle', which is not a field of this table.",
      ),
      issue(
        ['combination_rules', 0, 'source_fields', 2],
        "Combination rule 'r' cannot use the file field 'scan'.",
      ),
    ]);
  });
});
