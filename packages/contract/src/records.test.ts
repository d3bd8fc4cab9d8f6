import { describe, expect, it } from 'vitest';
import { recordBodySchema, validateRecordData } from './records.ts';
import type { FieldType } from './tables.ts';

const field = (name: string, type: FieldType, required = false) => ({ name, type, required });

const FIELDS = [
  field('Full Name', 'string', true),
  field('Age', 'number'),
  field('Born', 'date'),
  field('Active', 'boolean'),
  field('Email', 'email'),
  field('Client', 'link'),
  field('Scan', 'file', true),
];

describe('validateRecordData', () => {
  it('normalises a full record and fills missing fields with empty values', () => {
    const result = validateRecordData(FIELDS, {
      'Full Name': '  Jane Doe ',
      Age: '42',
      Born: '1990-05-01',
    });
    expect(result.errors).toEqual([]);
    expect(result.value).toEqual({
      'Full Name': 'Jane Doe',
      Age: 42,
      Born: '1990-05-01',
      Active: false,
      Email: null,
      Client: null,
    });
  });

  it.each([null, undefined, '', '   '])(
    'reports a required field holding %j: "Field \'{name}\' is required."',
    (value) => {
      const result = validateRecordData(FIELDS, { 'Full Name': value });
      expect(result.errors).toEqual([
        { loc: ['data', 'Full Name'], msg: "Field 'Full Name' is required.", type: 'missing' },
      ]);
    },
  );

  it('reports a required field that is missing altogether', () => {
    expect(validateRecordData(FIELDS, {}).errors.map((issue) => issue.msg)).toEqual([
      "Field 'Full Name' is required.",
    ]);
  });

  it('does not require a file field, since files upload after the record is saved', () => {
    expect(validateRecordData(FIELDS, { 'Full Name': 'x', Scan: [] }).errors).toEqual([]);
  });

  it('treats false as a value for a required boolean', () => {
    const result = validateRecordData([field('Agreed', 'boolean', true)], { Agreed: false });
    expect(result).toEqual({ value: { Agreed: false }, errors: [] });
  });

  it('rejects keys that are not fields', () => {
    const result = validateRecordData(FIELDS, { 'Full Name': 'x', Nickname: 'J' });
    expect(result.errors).toEqual([
      { loc: ['data', 'Nickname'], msg: "Unknown field 'Nickname'.", type: 'extra_forbidden' },
    ]);
  });

  it('rejects data that is not an object', () => {
    for (const data of [null, [], 'text', 5]) {
      expect(validateRecordData(FIELDS, data).errors).toEqual([
        { loc: ['data'], msg: 'Record data must be an object.', type: 'type_error' },
      ]);
    }
  });

  it.each([
    ['Age', 'abc', "Field 'Age' must be a number."],
    ['Age', '1,5', "Field 'Age' must be a number."],
    ['Age', '0x10', "Field 'Age' must be a number."],
    ['Age', true, "Field 'Age' must be a number."],
    ['Born', '2025-02-30', "Field 'Born' must be a date in YYYY-MM-DD format."],
    ['Born', '05/01/1990', "Field 'Born' must be a date in YYYY-MM-DD format."],
    ['Born', '1990-05-01T00:00:00Z', "Field 'Born' must be a date in YYYY-MM-DD format."],
    ['Active', 'maybe', "Field 'Active' must be true or false."],
    ['Active', 2, "Field 'Active' must be true or false."],
    ['Email', 'jane@', "Field 'Email' must be a valid email address."],
    ['Email', 'jane doe@example.com', "Field 'Email' must be a valid email address."],
    ['Client', 42, "Field 'Client' must be the id of a record in the linked table."],
    ['Scan', 8, "Field 'Scan' must be a list of uploaded files."],
    ['Scan', 'f1', "Field 'Scan' must be a list of uploaded files."],
    ['Scan', [{ filename: 'a.pdf' }], "Field 'Scan' must be a list of uploaded files."],
    ['Full Name', { first: 'Jane' }, "Field 'Full Name' must be text."],
  ])('rejects %s = %j', (name, value, msg) => {
    const result = validateRecordData(FIELDS, { 'Full Name': 'x', [name]: value });
    expect(result.errors).toEqual([{ loc: ['data', name], msg, type: 'value_error' }]);
    expect(result.value).not.toHaveProperty([name]);
  });

  it.each([
    ['Age', 42.5, 42.5],
    ['Age', ' -3.5 ', -3.5],
    ['Age', '.5', 0.5],
    ['Age', '1e3', 1000],
    ['Age', '', null],
    ['Active', true, true],
    ['Active', 'TRUE', true],
    ['Active', 'no', false],
    ['Active', 'on', true],
    ['Active', 0, false],
    ['Active', null, false],
    ['Email', ' jane@example.com ', 'jane@example.com'],
    ['Client', ' 1b4e28ba-2fa1-11d2-883f-0016d3cca427 ', '1b4e28ba-2fa1-11d2-883f-0016d3cca427'],
    ['Full Name', 2024, '2024'],
    ['Scan', [{ id: 'f1', filename: 'a.pdf', file_size: 10 }, 'f2', { id: 'f1' }], ['f1', 'f2']],
    ['Scan', { id: 'f9', filename: 'b.png', file_size: 1 }, ['f9']],
    ['Scan', null, []],
  ])('normalises %s = %j to %j', (name, value, expected) => {
    const result = validateRecordData(FIELDS, { 'Full Name': 'x', [name]: value });
    expect(result.errors).toEqual([]);
    expect(result.value[name]).toEqual(expected);
  });

  it('leaves an absent file field absent so saving never detaches files', () => {
    expect(validateRecordData(FIELDS, { 'Full Name': 'x' }).value).not.toHaveProperty('Scan');
  });

  it('checks only the keys present in partial mode', () => {
    const result = validateRecordData(FIELDS, { Age: '7' }, { partial: true });
    expect(result).toEqual({ value: { Age: 7 }, errors: [] });
  });

  it('still requires a required field that a partial update empties', () => {
    const result = validateRecordData(FIELDS, { 'Full Name': '' }, { partial: true });
    expect(result.errors.map((issue) => issue.msg)).toEqual(["Field 'Full Name' is required."]);
  });

  it('places errors under a custom location prefix', () => {
    const result = validateRecordData(
      FIELDS,
      { Age: 'x' },
      { partial: true, locPrefix: ['form_data'] },
    );
    expect(result.errors[0]?.loc).toEqual(['form_data', 'Age']);
  });

  it('keeps a field named __proto__ as a plain key', () => {
    const data = JSON.parse('{"__proto__": "value"}') as unknown;
    const result = validateRecordData([field('__proto__', 'string')], data);
    expect(result.errors).toEqual([]);
    expect(Object.hasOwn(result.value, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
  });

  it('reports every problem at once', () => {
    const result = validateRecordData(FIELDS, { Age: 'x', Email: 'y', Extra: 1 });
    expect(result.errors.map((issue) => issue.loc)).toEqual([
      ['data', 'Extra'],
      ['data', 'Full Name'],
      ['data', 'Age'],
      ['data', 'Email'],
    ]);
  });
});

describe('recordBodySchema', () => {
  it('needs data to be an object of values', () => {
    expect(recordBodySchema.safeParse({ data: { a: 1 } }).success).toBe(true);
    expect(recordBodySchema.safeParse({ data: [1] }).success).toBe(false);
    expect(recordBodySchema.safeParse({}).success).toBe(false);
  });
});
