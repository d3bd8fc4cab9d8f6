import { describe, expect, it } from 'vitest';
import {
  updateTableBodySchema,
  type CombinationRule,
  type Field,
  type FieldType,
} from './tables.ts';
import {
  buildStoredSchema,
  mergeTableUpdate,
  migrateMappingKey,
  migrateRecordData,
} from './tables-migration.ts';
import { planSchemaChange } from './tables-schema-change.ts';

function field(name: string, type: FieldType = 'string', linked_table_id?: string): Field {
  return linked_table_id
    ? { name, label: name, type, required: false, linked_table_id }
    : { name, label: name, type, required: false };
}

const RULE: CombinationRule = {
  name: 'full',
  label: 'full',
  source_fields: ['name'],
  separator: ' ',
};
const CURRENT = {
  fields: [
    field('name'),
    field('phone'),
    field('age', 'string'),
    field('client', 'link', 't1'),
    field('note'),
  ],
  combination_rules: [RULE],
  use_display_field: true,
  display_field_key: 'name',
};

// The body the schema editor would send after: name → Full Name, phone removed, age → number,
// client pointed at t2, city added, note kept, rule full → Full.
const BODY = updateTableBodySchema.parse({
  name: 'People',
  fields: [
    { name: 'Full Name', previous_name: 'name', label: 'name' },
    { name: 'age', type: 'number' },
    { name: 'client', type: 'link', linked_table_id: 't2' },
    { name: 'city' },
    { name: 'note' },
  ],
  combination_rules: [{ name: 'Full', previous_name: 'full', source_fields: ['Full Name'] }],
  confirm_remove_fields: ['phone', 'client'],
});
const PLAN = planSchemaChange(CURRENT, BODY);

describe('mergeTableUpdate', () => {
  it('keeps the display field through a rename when the body leaves it out', () => {
    expect(mergeTableUpdate(CURRENT, BODY)).toMatchObject({
      use_display_field: true,
      display_field_key: 'Full Name',
    });
  });

  it('clears the key when the display field is removed, so validation asks for another', () => {
    const body = updateTableBodySchema.parse({ name: 'P', fields: [{ name: 'phone' }] });
    expect(mergeTableUpdate(CURRENT, body)).toMatchObject({
      use_display_field: true,
      display_field_key: null,
    });
  });

  it('takes the settings from the body when it has them', () => {
    const body = updateTableBodySchema.parse({
      name: 'P',
      fields: [{ name: 'name' }, { name: 'phone' }],
      use_display_field: true,
      display_field_key: 'phone',
    });
    expect(mergeTableUpdate(CURRENT, body)).toMatchObject({
      use_display_field: true,
      display_field_key: 'phone',
    });
    const off = updateTableBodySchema.parse({
      name: 'P',
      fields: [{ name: 'name' }],
      use_display_field: false,
    });
    expect(mergeTableUpdate(CURRENT, off)).toMatchObject({
      use_display_field: false,
      display_field_key: null,
    });
  });
});

describe('buildStoredSchema', () => {
  it('drops previous_name and the confirmations', () => {
    const stored = buildStoredSchema(mergeTableUpdate(CURRENT, BODY));
    expect(stored).toEqual({
      name: 'People',
      fields: [
        { name: 'Full Name', label: 'Full Name', type: 'string', required: false },
        { name: 'age', label: 'age', type: 'number', required: false },
        { name: 'client', label: 'client', type: 'link', required: false, linked_table_id: 't2' },
        { name: 'city', label: 'city', type: 'string', required: false },
        { name: 'note', label: 'note', type: 'string', required: false },
      ],
      combination_rules: [
        { name: 'Full', label: 'Full', source_fields: ['Full Name'], separator: ', ' },
      ],
      use_display_field: true,
      display_field_key: 'Full Name',
    });
  });
});

describe('migrateRecordData', () => {
  it('moves renamed values, converts retyped ones and drops removed, relinked and stray values', () => {
    const data = { name: 'Ann', phone: '555', age: ' 41 ', client: 'rec-1', note: 'hi', stray: 1 };
    expect(migrateRecordData(data, PLAN, BODY.fields)).toEqual({
      data: { 'Full Name': 'Ann', age: 41, note: 'hi' },
      failedFields: [],
    });
  });

  it('reports a value that cannot take the new type', () => {
    const result = migrateRecordData({ name: 'Ann', age: 'forty' }, PLAN, BODY.fields);
    expect(result.failedFields).toEqual(['age']);
    expect(result.data).toEqual({ 'Full Name': 'Ann' });
  });

  it('does not hand an old value to a new field that took a renamed field’s name', () => {
    const current = { fields: [field('phone')] };
    const body = updateTableBodySchema.parse({
      name: 'P',
      fields: [{ name: 'mobile', previous_name: 'phone' }, { name: 'phone' }],
    });
    const plan = planSchemaChange(current, body);
    expect(migrateRecordData({ phone: '555' }, plan, body.fields).data).toEqual({ mobile: '555' });
  });
});

describe('migrateMappingKey', () => {
  it.each([
    ['name', 'Full Name'],
    ['full', 'Full'],
    ['note', 'note'],
    ['phone', null],
    ['age', 'age'],
    ['client.name', null],
    ['client::name', null],
    ['universal::current_date', 'universal::current_date'],
  ])('own table: %s becomes %j', (key, expected) => {
    expect(migrateMappingKey(key, PLAN, 'own')).toBe(expected);
  });

  it('own table: follows a renamed link field and stores the . form', () => {
    const current = { fields: [field('client', 'link', 't1')] };
    const plan = planSchemaChange(current, {
      fields: [{ ...field('Customer', 'link', 't1'), previous_name: 'client' }],
    });
    expect(migrateMappingKey('client::email', plan, 'own')).toBe('Customer.email');
  });

  it('own table: drops a mapping whose link field stopped being a link', () => {
    const current = { fields: [field('client', 'link', 't1')] };
    const plan = planSchemaChange(current, { fields: [field('client', 'string')] });
    expect(migrateMappingKey('client.email', plan, 'own')).toBeNull();
    expect(migrateMappingKey('client', plan, 'own')).toBe('client');
  });

  it('own table: drops a mapping to a field that became a file field', () => {
    const plan = planSchemaChange({ fields: [field('scan')] }, { fields: [field('Scan', 'file')] });
    expect(migrateMappingKey('scan', plan, 'own')).toBeNull();
  });

  it.each([
    ['orders.name', 'orders.Full Name'],
    ['orders::full', 'orders.Full'],
    ['orders.phone', null],
    ['name', 'name'],
  ])('via a link from another table: %s becomes %j', (key, expected) => {
    expect(migrateMappingKey(key, PLAN, 'via-link')).toBe(expected);
  });

  it('returns an unparseable key unchanged', () => {
    expect(migrateMappingKey('a.b.c', PLAN, 'own')).toBe('a.b.c');
  });
});
