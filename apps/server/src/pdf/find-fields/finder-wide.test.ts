// The wide reading (issue 29, eighth pass): what a rule turns down is kept, at strength 0 and
// with the reason, for the learned scorer to judge; the rules' own reading is unchanged.
import { describe, expect, it } from 'vitest';
import { findHiddenBoxes } from './find-hidden-boxes.ts';
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

describe('the wide reading of boxes the rules cannot see', () => {
  const base = { page: 0, pageWidth: 612, pageArea: 612 * 792, words: [] };
  const rounded = { rect: [100, 100, 300, 130] as DisplayedRect, stroked: true, fill: null };

  it('keeps an empty rounded box only in the wide reading, marked rounded', () => {
    const boxes = [{ ...rounded, rounded: true }];
    expect(findHiddenBoxes({ ...base, boxes })).toEqual([]);
    const found = findHiddenBoxes({ ...base, boxes, wide: true });
    expect(found.map((c) => [c.strength, c.rejectedBy])).toEqual([[0, 'rounded']]);
  });

  it('keeps a white box on white taller than a line only in the wide reading', () => {
    const boxes = [
      { rect: [100, 100, 300, 160] as DisplayedRect, stroked: false, fill: '#ffffff' },
    ];
    expect(findHiddenBoxes({ ...base, boxes })).toEqual([]);
    const found = findHiddenBoxes({ ...base, boxes, wide: true });
    expect(found.map((c) => c.rejectedBy)).toEqual(['white-on-white']);
  });
});
