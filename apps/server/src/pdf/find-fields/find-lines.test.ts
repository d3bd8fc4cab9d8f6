import { describe, expect, it } from 'vitest';
import { findRuleFields } from './find-lines.ts';
import type { DisplayedRect, HorizontalRule, TextRun } from './find-types.ts';

const word = (text: string, rect: DisplayedRect): TextRun => ({ text, rect, size: 9, font: '' });
const rule: HorizontalRule = { x0: 23, x1: 573, y: 113, weight: 1 };
const fieldsWith = (words: TextRun[]) =>
  findRuleFields({ page: 0, pageWidth: 595, words, vertical: [], horizontal: [rule] }, [rule]);

describe('rules across the page', () => {
  it('takes a rule with its short caption printed under it for a line to write on', () => {
    expect(fieldsWith([word('Names of people assisting', [23, 116, 130, 124])])).toHaveLength(1);
  });

  it('takes a rule over a line of body text for a section separator', () => {
    const body = word(
      'Please open this form using Adobe Acrobat Reader and fill in',
      [23, 116, 560, 124],
    );
    expect(fieldsWith([body])).toEqual([]);
  });
});
