import { describe, expect, it } from 'vitest';
import {
  computeCombinationValue,
  computeCombinationValues,
  formatCombinationPart,
} from './combination.ts';

const DATA = { first: 'Jane', middle: '', last: ' Doe ', age: 42, vip: true, scan: [{ id: 'f1' }] };

describe('computeCombinationValue', () => {
  it('joins the source values in the rule order with the separator', () => {
    expect(
      computeCombinationValue({ source_fields: ['last', 'first'], separator: ', ' }, DATA),
    ).toBe('Doe, Jane');
  });

  it('skips empty and missing sources instead of leaving double separators', () => {
    const rule = { source_fields: ['first', 'middle', 'nickname', 'last'], separator: ' - ' };
    expect(computeCombinationValue(rule, DATA)).toBe('Jane - Doe');
  });

  it('uses a space when the separator is missing', () => {
    expect(computeCombinationValue({ source_fields: ['first', 'last'] }, DATA)).toBe('Jane Doe');
    expect(
      computeCombinationValue({ source_fields: ['first', 'last'], separator: null }, DATA),
    ).toBe('Jane Doe');
  });

  it('uses a space for an empty separator too', () => {
    expect(computeCombinationValue({ source_fields: ['first', 'age'], separator: '' }, DATA)).toBe(
      'Jane 42',
    );
  });

  it('writes numbers out and booleans as Yes/No, and leaves files out', () => {
    const rule = { source_fields: ['age', 'vip', 'scan'], separator: '/' };
    expect(computeCombinationValue(rule, DATA)).toBe('42/Yes');
  });

  it('gives an empty string when no source has a value', () => {
    expect(
      computeCombinationValue({ source_fields: ['middle', 'nickname'], separator: ', ' }, DATA),
    ).toBe('');
  });

  it('does not read inherited properties as values', () => {
    expect(
      computeCombinationValue({ source_fields: ['constructor', 'first'], separator: ' ' }, DATA),
    ).toBe('Jane');
  });
});

describe('computeCombinationValues', () => {
  it('computes every rule of the table by name', () => {
    const table = {
      combination_rules: [
        { name: 'full_name', source_fields: ['first', 'last'], separator: ' ' },
        { name: 'sort', source_fields: ['last', 'first'], separator: ', ' },
      ],
    };
    expect(computeCombinationValues(table, DATA)).toEqual({
      full_name: 'Jane Doe',
      sort: 'Doe, Jane',
    });
  });

  it('gives an empty object for a table without rules', () => {
    expect(computeCombinationValues({}, DATA)).toEqual({});
    expect(computeCombinationValues({ combination_rules: null }, DATA)).toEqual({});
  });
});

describe('formatCombinationPart', () => {
  it('has no text for NaN, objects and blank strings', () => {
    expect(formatCombinationPart(Number.NaN)).toBeNull();
    expect(formatCombinationPart({})).toBeNull();
    expect(formatCombinationPart('  ')).toBeNull();
    expect(formatCombinationPart(0)).toBe('0');
    expect(formatCombinationPart(false)).toBe('No');
  });
});
