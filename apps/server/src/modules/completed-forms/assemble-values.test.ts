import { describe, expect, it } from 'vitest';
import {
  assembleValues,
  collectLinkedIds,
  formatDateForField,
  type SourceRecord,
  type SourceTable,
} from './assemble-values.ts';
import { computeUniversalValues } from './universal-values.ts';

const table = (
  id: string,
  fields: SourceTable['fields'],
  rules: SourceTable['combination_rules'] = [],
) =>
  ({
    id,
    name: id,
    fields,
    combination_rules: rules,
    use_display_field: false,
    display_field_key: null,
  }) satisfies SourceTable;

const countries = table('countries', [
  { name: 'name', label: 'name', type: 'string', required: true },
]);
const companies = table('companies', [
  { name: 'title', label: 'title', type: 'string', required: true },
  {
    name: 'country',
    label: 'country',
    type: 'link',
    required: false,
    linked_table_id: 'countries',
  },
]);
const people = table(
  'people',
  [
    { name: 'first', label: 'first', type: 'string', required: true },
    { name: 'last', label: 'last', type: 'string', required: false },
    { name: 'born', label: 'born', type: 'date', required: false },
    { name: 'paid', label: 'paid', type: 'number', required: false },
    { name: 'ok', label: 'ok', type: 'boolean', required: false },
    {
      name: 'employer',
      label: 'employer',
      type: 'link',
      required: false,
      linked_table_id: 'companies',
    },
  ],
  [{ name: 'Full', label: 'Full', source_fields: ['first', 'last'], separator: ' ' }],
);

const records: SourceRecord[] = [
  { id: 'c1', table_id: 'companies', data: { title: 'Acme', country: 'n1' } },
  { id: 'n1', table_id: 'countries', data: { name: 'Česko' } },
];
const person: SourceRecord = {
  id: 'p1',
  table_id: 'people',
  data: { first: 'Jan', last: 'Novák', born: '1990-02-03', paid: 12.5, ok: true, employer: 'c1' },
};

function assemble(keys: Record<string, string>, record = person) {
  return assembleValues(
    Object.entries(keys).map(([field_name, mapped_field_key]) => ({
      field_name,
      mapped_field_key,
    })),
    { short: { max_length: 8 }, tiny: { max_length: 6 } },
    {
      table: people,
      record,
      tablesById: new Map([people, companies, countries].map((item) => [item.id, item])),
      linkedRecords: new Map(records.map((item) => [item.id, item])),
      universal: computeUniversalValues({
        now: new Date('2025-01-05T09:07:00Z'),
        userEmail: 'me@example.com',
        recordId: record.id,
        recordDisplayName: 'Jan Novák',
        templateName: 'W-9',
        tableName: 'people',
      }),
    },
  );
}

describe('assembleValues', () => {
  it('reads fields by type, rules, links one and two steps away', () => {
    expect(
      assemble({
        a: 'first',
        b: 'Full',
        c: 'paid',
        d: 'ok',
        e: 'born',
        short: 'born',
        tiny: 'born',
        f: 'employer',
        g: 'employer.title',
        h: 'employer::country',
        i: 'missing_field',
      }),
    ).toEqual({
      a: 'Jan',
      b: 'Jan Novák',
      c: 12.5,
      d: true,
      e: '1990-02-03',
      short: '19900203',
      tiny: '900203',
      f: 'Acme',
      g: 'Acme',
      h: 'Česko',
      i: null,
    });
  });

  it('writes universal values in UTC', () => {
    expect(
      assemble({
        a: 'universal::current_date',
        short: 'universal::current_date',
        b: 'universal::current_datetime',
        c: 'universal::current_time',
        d: 'universal::current_day',
        e: 'universal::current_month',
        f: 'universal::current_year',
        g: 'universal::user_email',
        h: 'universal::record_id',
        i: 'universal::record_display_name',
        j: 'universal::template_name',
        k: 'universal::table_name',
      }),
    ).toEqual({
      a: '2025-01-05',
      short: '20250105',
      b: '2025-01-05 09:07',
      c: '09:07',
      d: '05',
      e: '01',
      f: '2025',
      g: 'me@example.com',
      h: 'p1',
      i: 'Jan Novák',
      j: 'W-9',
      k: 'people',
    });
  });

  it('gives null for empty values and for links to records that are gone', () => {
    const empty: SourceRecord = {
      id: 'p2',
      table_id: 'people',
      data: { first: '', employer: 'gone' },
    };
    expect(assemble({ a: 'first', b: 'Full', c: 'employer', d: 'employer.title' }, empty)).toEqual({
      a: null,
      b: null,
      c: null,
      d: null,
    });
  });

  it('lists the ids link fields point at', () => {
    const byId = new Map([people, companies].map((item) => [item.id, item]));
    expect(collectLinkedIds([person], byId)).toEqual(['c1']);
    expect(collectLinkedIds(records, byId)).toEqual(['n1']);
  });
});

describe('formatDateForField', () => {
  it.each([
    [undefined, '2024-03-09'],
    [10, '2024-03-09'],
    [8, '20240309'],
    [6, '240309'],
    [4, '2024-03-09'],
  ])('max length %s → %s', (maxLength, expected) => {
    expect(
      formatDateForField(
        '2024-03-09',
        maxLength === undefined ? undefined : { max_length: maxLength },
      ),
    ).toBe(expected);
  });
});
