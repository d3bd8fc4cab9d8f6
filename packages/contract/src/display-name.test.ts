import { describe, expect, it } from 'vitest';
import {
  getLinkedRecordLabel,
  getRecordDisplayName,
  shortenId,
  shortenLinkedRecordId,
  toFieldKeyForm,
  type DisplayNameTable,
} from './display-name.ts';
import type { FieldType } from './tables.ts';

const ID = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
const OTHER_UUID = '9f8e7d6c-5b4a-4321-8fed-cba987654321';

function table(
  fields: Array<[string, FieldType]>,
  extra: Partial<DisplayNameTable> = {},
): DisplayNameTable {
  return { fields: fields.map(([name, type]) => ({ name, type })), ...extra };
}

const record = (data: Record<string, unknown>) => ({ id: ID, data });

describe('getRecordDisplayName', () => {
  const people = table(
    [
      ['Customer ID', 'string'],
      ['Company', 'string'],
      ['first', 'string'],
      ['last', 'string'],
      ['email', 'email'],
    ],
    {
      use_display_field: true,
      display_field_key: 'Company',
      combination_rules: [
        { name: 'address', source_fields: ['Company'], separator: ' ' },
        { name: 'Full Name', source_fields: ['first', 'last'], separator: ' ' },
      ],
    },
  );
  const jane = {
    'Customer ID': 'C-1',
    Company: 'Acme',
    first: 'Jane',
    last: 'Doe',
    email: 'jane@example.com',
  };

  it('1. uses the display field when it is enabled and has a value', () => {
    expect(getRecordDisplayName(people, record(jane))).toBe('Acme');
  });

  it('1. writes a number display field out', () => {
    const numbered = table([['No', 'number']], {
      use_display_field: true,
      display_field_key: 'No',
    });
    expect(getRecordDisplayName(numbered, record({ No: 1042 }))).toBe('1042');
  });

  it('2. falls to a combination rule named like a name when the display field is empty', () => {
    expect(getRecordDisplayName(people, record({ ...jane, Company: ' ' }))).toBe('Jane Doe');
  });

  it('2. skips the display field while the feature is off', () => {
    expect(getRecordDisplayName({ ...people, use_display_field: false }, record(jane))).toBe(
      'Jane Doe',
    );
  });

  it.each(['Title line', 'DisplayText', 'label', 'identifier'])(
    '2. recognises a rule named %s',
    (ruleName) => {
      const rules = [{ name: ruleName, source_fields: ['last', 'first'], separator: ', ' }];
      expect(
        getRecordDisplayName(
          { ...people, use_display_field: false, combination_rules: rules },
          record(jane),
        ),
      ).toBe('Doe, Jane');
    },
  );

  it('2. moves on to the next matching rule when one is empty', () => {
    const rules = [
      { name: 'nickname', source_fields: ['missing'], separator: ' ' },
      { name: 'title', source_fields: ['last'], separator: ' ' },
    ];
    expect(
      getRecordDisplayName(
        table([['last', 'string']], { combination_rules: rules }),
        record({ last: 'Doe' }),
      ),
    ).toBe('Doe');
  });

  it('3. prefers name-like fields in the spec order, not the field order', () => {
    const contacts = table([
      ['email', 'email'],
      ['Customer ID', 'string'],
      ['company_name', 'string'],
    ]);
    expect(
      getRecordDisplayName(
        contacts,
        record({ email: 'a@b.co', 'Customer ID': 'C-9', company_name: 'Acme' }),
      ),
    ).toBe('Acme');
    expect(getRecordDisplayName(contacts, record({ email: 'a@b.co', 'Customer ID': 'C-9' }))).toBe(
      'a@b.co',
    );
  });

  it.each([
    ['Name', 'name'],
    ['Full Name', 'full_name'],
    ['fullName', 'full_name'],
    ['CLIENT-NAME', 'client_name'],
    ['Display Name', 'display_name'],
  ])("3. matches the field '%s' as %s", (fieldName) => {
    const t = table([
      ['Customer ID', 'string'],
      [fieldName, 'string'],
    ]);
    expect(getRecordDisplayName(t, record({ 'Customer ID': 'C-1', [fieldName]: 'Jane' }))).toBe(
      'Jane',
    );
  });

  it('4. takes the first Text field not named like an id', () => {
    const t = table([
      ['Amount', 'number'],
      ['Customer ID', 'string'],
      ['recordUuid', 'string'],
      ['user_id', 'string'],
      ['Notes', 'string'],
      ['Provider', 'string'],
    ]);
    const data = {
      Amount: 5,
      'Customer ID': 'C-1',
      recordUuid: 'u',
      user_id: 'x',
      Notes: '',
      Provider: 'Acme Health',
    };
    expect(getRecordDisplayName(t, record(data))).toBe('Acme Health');
  });

  it('5. takes any value that is not a UUID, skipping Yes/No and files', () => {
    const t = table([
      ['id', 'string'],
      ['Active', 'boolean'],
      ['Scan', 'file'],
      ['Amount', 'number'],
    ]);
    expect(
      getRecordDisplayName(
        t,
        record({ id: OTHER_UUID, Active: true, Scan: [{ id: 'f' }], Amount: 120 }),
      ),
    ).toBe('120');
  });

  it('5. accepts an id-like Text field when its value is not a UUID', () => {
    const t = table([
      ['Ref ID', 'string'],
      ['Client', 'link'],
    ]);
    expect(getRecordDisplayName(t, record({ Client: OTHER_UUID, 'Ref ID': 'R-77' }))).toBe('R-77');
  });

  it("6. falls back to 'Record_' and the first 8 characters of the id", () => {
    const t = table([
      ['id', 'string'],
      ['Active', 'boolean'],
    ]);
    expect(getRecordDisplayName(t, record({ id: OTHER_UUID, Active: false }))).toBe(
      'Record_1b4e28ba',
    );
    expect(getRecordDisplayName(table([]), record({}))).toBe('Record_1b4e28ba');
  });

  it('trims the name it returns and keeps non-Latin text', () => {
    expect(getRecordDisplayName(table([['Имя', 'string']]), record({ Имя: '  Анна ' }))).toBe(
      'Анна',
    );
  });
});

describe('getLinkedRecordLabel', () => {
  const clients = table(
    [
      ['code', 'string'],
      ['title', 'string'],
      ['Name', 'string'],
      ['nick', 'string'],
    ],
    { use_display_field: true, display_field_key: 'nick' },
  );

  it('uses the display field when enabled', () => {
    expect(
      getLinkedRecordLabel(clients, record({ code: 'C', title: 'Dr', Name: 'Ann', nick: 'Annie' })),
    ).toBe('Annie');
  });

  it('else the name field, else the title field', () => {
    const plain = { ...clients, use_display_field: false };
    expect(
      getLinkedRecordLabel(plain, record({ code: 'C', title: 'Dr', Name: 'Ann', nick: 'Annie' })),
    ).toBe('Ann');
    expect(getLinkedRecordLabel(plain, record({ code: 'C', title: 'Dr', nick: 'Annie' }))).toBe(
      'Dr',
    );
  });

  it('else the first non-empty value', () => {
    const plain = { ...clients, use_display_field: false };
    expect(getLinkedRecordLabel(plain, record({ code: '', nick: 'Annie' }))).toBe('Annie');
  });

  it('else the shortened id', () => {
    expect(getLinkedRecordLabel({ ...clients, use_display_field: false }, record({}))).toBe(
      '1b4e28ba...',
    );
  });
});

describe('short ids', () => {
  it('shows the first 8 characters of an id plus an ellipsis', () => {
    expect(shortenId(ID)).toBe('1b4e28ba...');
    expect(shortenId('abc')).toBe('abc');
  });

  it('shortens an unloaded linked id only when it is longer than 10 characters', () => {
    expect(shortenLinkedRecordId('0123456789')).toBe('0123456789');
    expect(shortenLinkedRecordId('0123456789a')).toBe('01234567...');
    expect(shortenLinkedRecordId(ID)).toBe('1b4e28ba...');
  });
});

describe('toFieldKeyForm', () => {
  it.each([
    ['Full Name', 'full_name'],
    ['fullName', 'full_name'],
    ['customerID', 'customer_id'],
    ['client-name', 'client_name'],
    ['  Name ', 'name'],
    ['Имя Клиента', 'имя_клиента'],
  ])('reads %s as %s', (name, expected) => {
    expect(toFieldKeyForm(name)).toBe(expected);
  });
});
