import { describe, expect, it } from 'vitest';
import {
  CREATE_FORM_FIELD_TYPES,
  createTableBodySchema,
  FIELD_TYPE_LABELS,
  getFieldTypeLabel,
  getNameKey,
  tableSchema,
  updateTableBodySchema,
} from './tables.ts';

describe('field types', () => {
  it('labels every type as the UI shows it', () => {
    expect(FIELD_TYPE_LABELS).toEqual({
      string: 'Text',
      number: 'Number',
      date: 'Date',
      boolean: 'Yes/No',
      email: 'Email',
      file: 'File Upload',
      link: 'Link to Table',
    });
  });

  it('offers the first six types in the create form, without link', () => {
    expect(CREATE_FORM_FIELD_TYPES).toEqual([
      'string',
      'number',
      'date',
      'boolean',
      'email',
      'file',
    ]);
  });

  it('reads an unknown or missing type as Text', () => {
    expect(getFieldTypeLabel('link')).toBe('Link to Table');
    expect(getFieldTypeLabel('textarea')).toBe('Text');
    expect(getFieldTypeLabel(undefined)).toBe('Text');
  });
});

describe('getNameKey', () => {
  it('ignores case in every script and the Unicode form', () => {
    expect(getNameKey('Prénom')).toBe(getNameKey('PRE\u0301NOM'));
    expect(getNameKey('Имя')).toBe(getNameKey('ИМЯ'));
    expect(getNameKey('Name')).not.toBe(getNameKey('Names'));
  });
});

describe('createTableBodySchema', () => {
  it('trims names, defaults the label to the name, type to string and required to false', () => {
    const body = createTableBodySchema.parse({
      name: '  Clients ',
      fields: [{ name: ' Total Paid 2024 ' }, { name: 'Email', type: 'email', label: 'E-mail' }],
    });
    expect(body).toEqual({
      name: 'Clients',
      fields: [
        { name: 'Total Paid 2024', label: 'Total Paid 2024', type: 'string', required: false },
        { name: 'Email', label: 'E-mail', type: 'email', required: false },
      ],
      combination_rules: [],
      use_display_field: false,
      display_field_key: null,
    });
  });

  it('stores names in NFC so the same name typed on two systems is one name', () => {
    const body = createTableBodySchema.parse({ name: 'T', fields: [{ name: 'Pre\u0301nom' }] });
    expect(body.fields[0]?.name).toBe('Prénom');
    expect(body.fields[0]?.name.length).toBe(6);
  });

  it('keeps linked_table_id on link fields and removes it from every other type', () => {
    const body = createTableBodySchema.parse({
      name: 'Orders',
      fields: [
        { name: 'client', type: 'link', linked_table_id: 'table-1' },
        { name: 'note', type: 'string', linked_table_id: 'table-1' },
      ],
    });
    expect(body.fields[0]).toEqual({
      name: 'client',
      label: 'client',
      type: 'link',
      required: false,
      linked_table_id: 'table-1',
    });
    expect(body.fields[1]).not.toHaveProperty('linked_table_id');
  });

  it("gives a combination rule without a separator the default ', '", () => {
    const body = createTableBodySchema.parse({
      name: 'T',
      fields: [{ name: 'first' }],
      combination_rules: [{ name: 'full', source_fields: ['first'] }],
    });
    expect(body.combination_rules).toEqual([
      { name: 'full', label: 'full', source_fields: ['first'], separator: ', ' },
    ]);
  });

  it('keeps an explicit empty separator', () => {
    const body = createTableBodySchema.parse({
      name: 'T',
      fields: [{ name: 'a' }],
      combination_rules: [{ name: 'code', source_fields: ['a'], separator: '' }],
    });
    expect(body.combination_rules[0]?.separator).toBe('');
  });

  it('rejects an unknown field type', () => {
    const result = createTableBodySchema.safeParse({
      name: 'T',
      fields: [{ name: 'a', type: 'text' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['fields', 0, 'type']);
  });

  it('drops the display field key when the display field is off', () => {
    const body = createTableBodySchema.parse({
      name: 'T',
      fields: [{ name: 'a' }],
      display_field_key: 'a',
    });
    expect(body.display_field_key).toBeNull();
  });
});

describe('updateTableBodySchema', () => {
  it('keeps previous_name and confirm_remove_fields', () => {
    const body = updateTableBodySchema.parse({
      name: 'T',
      fields: [{ name: 'Full Name', label: 'Full Name', previous_name: 'name', type: 'string' }],
      confirm_remove_fields: ['Phone'],
    });
    expect(body.fields[0]?.previous_name).toBe('name');
    expect(body.confirm_remove_fields).toEqual(['Phone']);
  });

  it('moves a label that was left at its default along with a rename', () => {
    const body = updateTableBodySchema.parse({
      name: 'T',
      fields: [
        { name: 'Full Name', label: 'name', previous_name: 'name' },
        { name: 'Phone 2', label: 'Mobile', previous_name: 'Phone' },
      ],
    });
    expect(body.fields.map((field) => field.label)).toEqual(['Full Name', 'Mobile']);
  });

  it('treats omitted display settings as unchanged and turning it off as clearing the key', () => {
    const omitted = updateTableBodySchema.parse({ name: 'T', fields: [] });
    expect(omitted.use_display_field).toBeUndefined();
    expect(omitted.display_field_key).toBeUndefined();
    const off = updateTableBodySchema.parse({
      name: 'T',
      fields: [],
      use_display_field: false,
      display_field_key: 'a',
    });
    expect(off.display_field_key).toBeNull();
  });
});

describe('tableSchema', () => {
  it('accepts the response shape', () => {
    const table = {
      id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
      name: 'Clients',
      created_at: '2025-01-05T10:00:00.000Z',
      fields: [{ name: 'name', label: 'name', type: 'string', required: true }],
      combination_rules: [],
      use_display_field: false,
      display_field_key: null,
      record_count: 3,
    };
    expect(tableSchema.parse(table)).toEqual(table);
  });
});
