import { describe, expect, it } from 'vitest';
import {
  formatMappingKey,
  mappedFieldKeySchema,
  MAPPING_KEY_MESSAGE,
  normalizeMappingKey,
  parseMappingKey,
  type MappingKey,
} from './mapping-keys.ts';

describe('parseMappingKey', () => {
  it.each<[string, MappingKey]>([
    ['email', { kind: 'field', field: 'email' }],
    ['Total Paid 2024', { kind: 'field', field: 'Total Paid 2024' }],
    ['Prénom', { kind: 'field', field: 'Prénom' }],
    ['full_name_combo', { kind: 'field', field: 'full_name_combo' }],
    ['client.name', { kind: 'linked', linkField: 'client', field: 'name' }],
    ['client::name', { kind: 'linked', linkField: 'client', field: 'name' }],
    ['Main Client.Full Name', { kind: 'linked', linkField: 'Main Client', field: 'Full Name' }],
    ['Клиент::Имя', { kind: 'linked', linkField: 'Клиент', field: 'Имя' }],
    ['universal::current_date', { kind: 'universal', key: 'current_date' }],
    ['universal.current_date', { kind: 'linked', linkField: 'universal', field: 'current_date' }],
    ['  client . name ', { kind: 'linked', linkField: 'client', field: 'name' }],
  ])('reads %j', (raw, expected) => {
    expect(parseMappingKey(raw)).toEqual(expected);
  });

  it.each([
    '',
    '   ',
    'universal::',
    'universal::a.b',
    'client.',
    '.name',
    'client::',
    '::name',
    'a.b.c',
    'a::b::c',
    'a::b.c',
    'a:b',
    'a:::b',
  ])('refuses %j', (raw) => {
    expect(parseMappingKey(raw)).toBeNull();
  });

  it('reads decomposed accents as the stored (NFC) name', () => {
    expect(parseMappingKey('Pre\u0301nom')).toEqual({ kind: 'field', field: 'Prénom' });
  });
});

describe('formatMappingKey', () => {
  it('writes each kind in its stored form', () => {
    expect(formatMappingKey({ kind: 'field', field: 'email' })).toBe('email');
    expect(formatMappingKey({ kind: 'linked', linkField: 'client', field: 'name' })).toBe(
      'client.name',
    );
    expect(formatMappingKey({ kind: 'universal', key: 'user_email' })).toBe(
      'universal::user_email',
    );
  });
});

describe('normalizeMappingKey', () => {
  it("stores the '::' link form with a '.'", () => {
    expect(normalizeMappingKey('client::Full Name')).toBe('client.Full Name');
  });

  it('leaves stored forms as they are', () => {
    for (const key of ['email', 'client.name', 'universal::record_id']) {
      expect(normalizeMappingKey(key)).toBe(key);
    }
  });

  it('gives null for an invalid key', () => {
    expect(normalizeMappingKey('a.b.c')).toBeNull();
  });
});

describe('mappedFieldKeySchema', () => {
  it('outputs the stored form', () => {
    expect(mappedFieldKeySchema.parse('client::name')).toBe('client.name');
  });

  it('explains the accepted forms when the key is invalid', () => {
    const result = mappedFieldKeySchema.safeParse('a::');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MAPPING_KEY_MESSAGE);
  });
});
