import { describe, expect, it } from 'vitest';
import { parseMappingKey } from './mapping-keys.ts';
import { universalFieldSchema } from './mappings.ts';
import { FIELD_TYPES } from './tables.ts';
import {
  findUniversalField,
  isUniversalFieldKey,
  REQUIRED_UNIVERSAL_KEYS,
  UNIVERSAL_FIELDS,
} from './universal-fields.ts';

describe('UNIVERSAL_FIELDS', () => {
  it('includes every key the contract requires', () => {
    const keys = UNIVERSAL_FIELDS.map((field) => field.key);
    for (const key of REQUIRED_UNIVERSAL_KEYS) {
      expect(keys).toContain(key);
    }
  });

  it('has unique keys that read back as universal mapping keys', () => {
    const keys = UNIVERSAL_FIELDS.map((field) => field.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(parseMappingKey(`universal::${key}`)).toEqual({ kind: 'universal', key });
    }
  });

  it('fits the API schema, with a label and a table field type', () => {
    for (const field of UNIVERSAL_FIELDS) {
      expect(universalFieldSchema.parse(field)).toEqual(field);
      expect(field.label.trim()).not.toBe('');
      expect(FIELD_TYPES).toContain(field.type);
      expect(['file', 'link']).not.toContain(field.type);
    }
  });

  it('finds fields by key only', () => {
    expect(findUniversalField('current_date')?.label).toBe('Current Date');
    expect(isUniversalFieldKey('user_email')).toBe(true);
    expect(isUniversalFieldKey('universal::user_email')).toBe(false);
    expect(isUniversalFieldKey('tomorrow')).toBe(false);
  });
});
