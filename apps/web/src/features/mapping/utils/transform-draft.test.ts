import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, parseDraft } from './transform-draft';

describe('parseDraft messages', () => {
  it.each([
    [
      'date',
      { pattern: 'dd/mm/yyyy' },
      'Pattern: A date pattern needs at least one of YYYY, YY, MMMM, MMM, MM, M, DD or D (upper case)',
    ],
    ['date', { pattern: '[DD' }, "Pattern: Close the literal text with ']' (e.g. [on] DD MMMM)"],
    [
      'part',
      { mode: 'sizes', sizes: '', index: '1' },
      'Group sizes: Enter the size of each group, e.g. 3-2-4',
    ],
    ['part', { mode: 'chars', from: '', to: '' }, 'From character: Enter 1 or more'],
    ['value_map', { entries: '' }, 'Value map: Add at least one line "value = what the PDF gets"'],
  ] as const)('%s %o → %s', (kind, fields, message) => {
    const result = parseDraft(kind, { ...EMPTY_DRAFT, ...fields });
    expect(result).toEqual({ ok: false, message });
    // Never the schema's raw text.
    expect(message).not.toMatch(/expected|Too small|^sizes:/);
  });
});
