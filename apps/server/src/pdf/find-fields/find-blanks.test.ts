// Blank room after a caption with nothing drawn to write on (issue 29, eighth pass): proposed
// only in the wide reading, at strength 0, for the learned scorer to judge.
import { describe, expect, it } from 'vitest';
import { findBlankRoom } from './find-blanks.ts';
import type { DisplayedRect } from './find-types.ts';

const phrase = (text: string, rect: DisplayedRect) => ({ text, rect, size: 9 });
const ctx = { page: 0, pageWidth: 612, vertical: [] };

describe('blank room after a caption', () => {
  it('finds the room between two captions on a line and after the last one', () => {
    const phrases = [phrase('Name:', [40, 100, 70, 109]), phrase('Date:', [300, 100, 325, 109])];
    const found = findBlankRoom({ ...ctx, phrases });
    expect(found.map((c) => c.rect)).toEqual([
      [72, 99, 298, 110],
      [327, 99, 586, 110],
    ]);
    expect(found.every((c) => c.strength === 0 && c.rejectedBy === 'blank')).toBe(true);
  });

  it('ends the room at a vertical rule crossing the line', () => {
    const phrases = [phrase('Name:', [40, 100, 70, 109])];
    const vertical = [{ x: 200, y0: 90, y1: 120, weight: 0.5 }];
    expect(findBlankRoom({ ...ctx, phrases, vertical }).map((c) => c.rect)).toEqual([
      [72, 99, 198, 110],
    ]);
  });

  it('finds nothing between words of running text', () => {
    const phrases = [
      phrase('The quick', [40, 100, 90, 109]),
      phrase('brown fox', [94, 100, 586, 109]),
    ];
    expect(findBlankRoom({ ...ctx, phrases })).toEqual([]);
  });
});
