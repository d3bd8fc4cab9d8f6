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

  it('splits one rule under several colon captions into their fields, but not a table header', () => {
    const row = { x0: 36, x1: 320, y: 461, weight: 0.5 };
    const find = (words: TextRun[]) =>
      findRuleFields({ page: 0, pageWidth: 612, words, vertical: [], horizontal: [row] }, [row]);
    const captions = [
      word('City:', [36, 451, 50, 458]),
      word('Province:', [150, 451, 180, 458]),
      word('Postal code:', [230, 451, 268, 458]),
    ];
    expect(find(captions).map((c) => Math.round(c.rect[0]))).toEqual([52, 182, 270]);
    const header = [word('Item', [36, 451, 50, 458]), word('Amount', [150, 451, 180, 458])];
    expect(find(header)).toEqual([]);
  });
});
