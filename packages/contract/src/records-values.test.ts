import { describe, expect, it } from 'vitest';
import { convertValueForType, getEmptyValue, isEmptyValue, readValue } from './records-values.ts';
import type { FieldType } from './tables.ts';

describe('convertValueForType', () => {
  it.each<[unknown, FieldType, unknown]>([
    [42, 'string', '42'],
    [true, 'string', 'Yes'],
    [false, 'string', 'No'],
    ['2025-01-05', 'string', '2025-01-05'],
    [' 12.50 ', 'number', 12.5],
    ['-7', 'number', -7],
    ['1', 'boolean', true],
    ['Yes', 'boolean', true],
    ['off', 'boolean', false],
    [1, 'boolean', true],
    [' 2024-02-29 ', 'date', '2024-02-29'],
    ['jane@example.com', 'email', 'jane@example.com'],
    ['a-record-id', 'link', 'a-record-id'],
    [[{ id: 'f1', filename: 'a.pdf', file_size: 3 }], 'file', ['f1']],
  ])('converts %j to %s as %j', (value, type, expected) => {
    expect(convertValueForType(value, type)).toEqual({ ok: true, value: expected });
  });

  it.each<[unknown, FieldType]>([
    ['twelve', 'number'],
    ['12 apples', 'number'],
    ['1e999', 'number'],
    [Number.NaN, 'number'],
    [Number.POSITIVE_INFINITY, 'number'],
    [true, 'number'],
    ['2025-01-05', 'number'],
    ['maybe', 'boolean'],
    [5, 'boolean'],
    ['05.01.2025', 'date'],
    [20250105, 'date'],
    ['2025-02-29', 'date'],
    ['not an email', 'email'],
    [7, 'email'],
    [7, 'link'],
    ['Jane', 'file'],
    [[{ id: 'f1' }], 'string'],
    [{ id: 'f1' }, 'number'],
  ])('refuses %j as %s', (value, type) => {
    expect(convertValueForType(value, type)).toEqual({ ok: false });
  });

  it.each<[FieldType, unknown]>([
    ['string', null],
    ['number', null],
    ['date', null],
    ['email', null],
    ['link', null],
    ['boolean', false],
    ['file', []],
  ])('converts an empty value to the empty %s value %j', (type, expected) => {
    for (const empty of [null, undefined, '', '  ', []]) {
      expect(convertValueForType(empty, type)).toEqual({ ok: true, value: expected });
    }
    expect(getEmptyValue(type)).toEqual(expected);
  });
});

describe('isEmptyValue', () => {
  it('treats 0 and false as values', () => {
    expect(isEmptyValue(0)).toBe(false);
    expect(isEmptyValue(false)).toBe(false);
    expect(isEmptyValue(' ')).toBe(true);
  });
});

describe('readValue', () => {
  it('reads own properties only', () => {
    expect(readValue({}, 'toString')).toBeUndefined();
    expect(readValue({ toString: 'x' }, 'toString')).toBe('x');
  });
});
