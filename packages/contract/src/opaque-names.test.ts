import { describe, expect, it } from 'vitest';
import { isOpaqueFieldName, ownNameSegment } from './opaque-names.ts';

describe('names that say nothing of the box', () => {
  it('reads filler and numbers as opaque, in every tool and language of the corpus', () => {
    for (const name of [
      'Text12',
      'topmostSubform[0].Page1[0].f1_02[0]',
      'Formfieldnr6',
      'Text Box 6_13',
      'undefined_3',
      'a55',
      'Texto1',
      '1.2.6',
    ]) {
      expect(isOpaqueFieldName(name), name).toBe(true);
    }
  });

  it('keeps a name with a word in it, numbered or not', () => {
    for (const name of ['Name2', 'Address 1', 'users1_address_city', 'Numerdomu2[1]', 'PLZ']) {
      expect(isOpaqueFieldName(name), name).toBe(false);
    }
  });

  it('answers at once on a long name that is not opaque', () => {
    const started = Date.now();
    expect(isOpaqueFieldName(`${'textbox'.repeat(400)}!`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(50);
  });

  it('takes the last segment without its array index', () => {
    expect(ownNameSegment('form1[0].Page1[0].Ulica2[1]')).toBe('Ulica2');
  });
});
