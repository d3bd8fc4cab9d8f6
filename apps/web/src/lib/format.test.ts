import { describe, expect, it } from 'vitest';
import { formatCount, formatNeedsALook } from './format';

describe('counts read as English', () => {
  it('agrees the noun with the number', () => {
    expect(formatCount(1, 'field')).toBe('1 field');
    expect(formatCount(0, 'field')).toBe('0 fields');
    expect(formatCount(2, 'mapped field')).toBe('2 mapped fields');
  });

  it('agrees the verb too', () => {
    expect(formatNeedsALook(1)).toBe('1 field needs a look');
    expect(formatNeedsALook(3)).toBe('3 fields need a look');
  });
});
