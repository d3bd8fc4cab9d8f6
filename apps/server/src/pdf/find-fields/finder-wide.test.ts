// The wide reading (issue 29, eighth pass): what a rule turns down is kept, at strength 0 and
// with the reason, for the learned scorer to judge; the rules' own reading is unchanged.
import { describe, expect, it } from 'vitest';
import { findRuleFields } from './find-lines.ts';
import type { DisplayedRect, TextRun } from './find-types.ts';

const word = (text: string, rect: DisplayedRect): TextRun => ({ text, rect, size: 9, font: '' });
// A header underlined: text printed on the rule after a gap ("Name      Amount").
const rule = { x0: 40, x1: 400, y: 110, weight: 0.5 };
const words = [word('Name', [40, 100, 70, 109]), word('Amount', [300, 100, 340, 109])];
const ctx = { page: 0, pageWidth: 612, words, vertical: [], horizontal: [rule] };

describe('the wide reading of a rule', () => {
  it('keeps nothing of an underlined header in the rules’ own reading', () => {
    expect(findRuleFields(ctx, [rule])).toEqual([]);
  });

  it('keeps its free room at strength 0, marked underlined, in the wide reading', () => {
    const found = findRuleFields({ ...ctx, wide: true }, [rule]);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.strength === 0 && c.rejectedBy === 'underlined')).toBe(true);
  });
});
