import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search-text';

describe('matchesSearch', () => {
  it('ignores case and accents on both sides', () => {
    expect(matchesSearch('zoe nandu', ['Zoë Ñandú'])).toBe(true);
    expect(matchesSearch('ZOË', ['zoe'])).toBe(true);
  });

  it('needs every word, each in any of the texts', () => {
    expect(matchesSearch('line 12', ['line_0012', 'Line 12'])).toBe(true);
    expect(matchesSearch('birth date', ['Date of birth'])).toBe(true);
    expect(matchesSearch('birth place', ['Date of birth', 'dob'])).toBe(false);
  });

  it('matches everything when nothing is typed, and skips missing texts', () => {
    expect(matchesSearch('   ', [])).toBe(true);
    expect(matchesSearch('x', [undefined, null, ''])).toBe(false);
  });
});
