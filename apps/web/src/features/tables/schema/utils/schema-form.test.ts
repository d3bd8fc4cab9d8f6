import type { TableResponse } from '@formbridge/contract/tables';
import { describe, expect, it } from 'vitest';
import { createSchemaResolver, toSchemaFormValues, toUpdateBodyInput } from './schema-form';

const TABLE: TableResponse = {
  id: 't-people',
  name: 'People',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  field_count: 3,
  record_count: 2,
  fields: [
    { name: 'first', label: 'first', type: 'string', required: true },
    { name: 'last', label: 'Surname', type: 'string', required: false },
    { name: 'employer', label: 'employer', type: 'link', required: false, linked_table_id: 't-co' },
  ],
  combination_rules: [
    { name: 'full', label: 'full', source_fields: ['first', 'last'], separator: ' ' },
  ],
  use_display_field: true,
  display_field_key: 'first',
};

async function resolve(values: ReturnType<typeof toSchemaFormValues>, linkable = ['t-co']) {
  const resolver = createSchemaResolver(TABLE, linkable);
  return resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('schema editor → PUT body', () => {
  it('sends every stored field and rule with its previous name; labels equal to the name stay default', () => {
    const body = toUpdateBodyInput(toSchemaFormValues(TABLE));
    expect(body.fields.map((field) => [field.name, field.label, field.previous_name])).toEqual([
      ['first', null, 'first'],
      ['last', 'Surname', 'last'],
      ['employer', null, 'employer'],
    ]);
    expect(body.combination_rules[0]).toMatchObject({ previous_name: 'full', separator: ' ' });
  });

  it('lets rule sources and the display field follow a renamed field', async () => {
    const values = toSchemaFormValues(TABLE);
    values.fields[0] = { ...values.fields[0]!, name: 'given' };
    const result = await resolve(values);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      fields: [
        { name: 'given', label: 'given', previous_name: 'first' },
        { name: 'last', label: 'Surname', previous_name: 'last' },
        { name: 'employer', linked_table_id: 't-co', previous_name: 'employer' },
      ],
      combination_rules: [
        { name: 'full', source_fields: ['given', 'last'], previous_name: 'full' },
      ],
      use_display_field: true,
      display_field_key: 'given',
      confirm_remove_fields: [],
    });
  });

  it('lists removed and re-pointed link fields in confirm_remove_fields', async () => {
    const values = toSchemaFormValues(TABLE);
    values.fields = [values.fields[0]!, { ...values.fields[2]!, linked_table_id: 't-other' }];
    const result = await resolve(values, ['t-co', 't-other']);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ confirm_remove_fields: ['last', 'employer'] });
    // The rule lost its 'last' source with the field.
    expect(result.values).toMatchObject({ combination_rules: [{ source_fields: ['first'] }] });
  });

  it("puts the contract's messages where the editor shows them", async () => {
    const values = toSchemaFormValues(TABLE);
    values.fields[2] = { ...values.fields[2]!, linked_table_id: '' };
    values.display_field_row = '';
    values.combination_rules[0] = { ...values.combination_rules[0]!, source_keys: [] };
    const { errors } = await resolve(values);
    expect(errors).toMatchObject({
      fields: [
        undefined,
        undefined,
        {
          linked_table_id: {
            message: "Field 'employer' is type 'link' but no linked table is selected.",
          },
        },
      ],
      display_field_row: {
        message: 'Please select a display field or disable the display field feature',
      },
      combination_rules: [
        { source_keys: { message: "Combination rule 'full' needs at least one source field." } },
      ],
    });
  });

  it('says so when no other table exists to link to', async () => {
    const values = toSchemaFormValues(TABLE);
    values.fields[2] = { ...values.fields[2]!, linked_table_id: '' };
    const { errors } = await resolve(values, []);
    expect(errors).toMatchObject({
      fields: [
        undefined,
        undefined,
        {
          type: {
            message: 'Cannot create link fields as no other tables are available to link to.',
          },
        },
      ],
    });
  });
});
