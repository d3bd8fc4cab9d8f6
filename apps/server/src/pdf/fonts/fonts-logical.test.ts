import { describe, expect, it } from 'vitest';
import { popplerActualText, popplerActualTextRtl } from './fonts-logical.ts';

// poppler prints each stretch from a right-to-left letter to the next letter or digit reversed
// (TextOutputDev's reorderText on a left-to-right page): the /ActualText gives it reversed.

/** What poppler prints for `actual` on a left-to-right page, marks dropped. */
function popplerPrints(actual: string): string {
  const rtl = /[\u0590-\u08ff\u200f]/u;
  const strongOrDigit = /[\p{Script=Latin}0-9\u0660-\u0669\u06f0-\u06f9#$%+,\-./:\u20aa]/u;
  const chars = Array.from(actual);
  let out = '';
  let index = 0;
  while (index < chars.length) {
    while (index < chars.length && !rtl.test(chars[index] ?? '')) {
      out += chars[index];
      index += 1;
    }
    const stretch: string[] = [];
    while (index < chars.length && !strongOrDigit.test(chars[index] ?? '')) {
      stretch.push(chars[index] ?? '');
      index += 1;
    }
    out += stretch.reverse().join('');
  }
  return out.replace(/\u200f/gu, '');
}

describe('popplerActualText', () => {
  it.each([
    'سارة أحمد',
    'רחוב הרצל 15',
    'Name: سارة Ali',
    'شارع الملك 2024 Dubai',
    'Zoë 12',
    'שם: David כהן',
    'خصم 50% نقدا',
    'מחיר ₪ 120, כולל',
  ])('%s comes out of poppler as typed', (line) => {
    expect(popplerPrints(popplerActualText(line))).toBe(line);
  });

  it('ends a reversed stretch on a right-to-left mark when spaces trail it', () => {
    expect(popplerActualText('שלום 15')).toBe('\u200f םולש15');
  });
});

/**
 * What poppler prints for `actual` on a right-to-left page (reorderText with primaryLR false):
 * read from the end, stretches of other than letters and digits reversed, and each stretch
 * back from a letter or digit to the last right-to-left character as it stands.
 */
function popplerPrintsRtl(actual: string): string {
  const rtl = /[\u0590-\u08ff\u200f]/u;
  const strongOrDigit = /[\p{Script=Latin}0-9\u0660-\u0669\u06f0-\u06f9#$%+,\-./:\u20aa]/u;
  const chars = Array.from(actual);
  let out = '';
  let index = chars.length - 1;
  while (index >= 0) {
    while (index >= 0 && !strongOrDigit.test(chars[index] ?? '')) {
      out += chars[index];
      index -= 1;
    }
    let start = index;
    const isRtl = (char: string) => rtl.test(char) && !strongOrDigit.test(char);
    while (start >= 0 && !isRtl(chars[start] ?? '')) {
      start -= 1;
    }
    out += chars.slice(start + 1, index + 1).join('');
    index = start;
  }
  return out.replace(/\u200f/gu, '');
}

describe('popplerActualTextRtl', () => {
  it.each([
    'سارة أحمد',
    'רחוב הרצל 15',
    'مستشفى ٢٠٢٤/١١/٢٧',
    'شارع الملك 2024 Dubai',
    'مستشفى (٢٠٢٤) [أ]',
    'Name: سارة Ali',
    'Zoë 12',
    'שם: David כהן',
    'خصم 50% نقدا',
    'מחיר ₪ 120, כולל',
  ])('%s comes out of poppler on a right-to-left page as typed', (line) => {
    expect(popplerPrintsRtl(popplerActualTextRtl(line))).toBe(line);
  });

  it("is not the left-to-right page's text once digits or Latin join the line", () => {
    expect(popplerActualTextRtl('רחוב 15')).not.toBe(popplerActualText('רחוב 15'));
  });
});
