import { describe, expect, it } from 'vitest';
import type { TextRun } from './find-types.ts';
import { joinLeaders, splitPageText, type Leader } from './page-text.ts';

const frame = { view: [0, 0, 595, 842] as [number, number, number, number], rotate: 0 };
const item = (str: string) => ({
  str,
  transform: [10, 0, 0, 10, 100, 700],
  width: 10 * str.length,
  height: 10,
  fontName: 'g_d0_f2',
});

describe('page text', () => {
  it('takes a symbol font box for a checkbox even when the font has no known name', () => {
    // Wingdings "o" as pdf.js gives it when the font maps its codes to nothing: U+F06F.
    const text = splitPageText([item('\uf06f')], frame, () => '');
    expect(text.glyphs).toHaveLength(1);
    expect(text.words).toEqual([]);
  });

  it('reads a plain letter o in an ordinary font as a word', () => {
    const text = splitPageText([item('o')], frame, () => 'Helvetica');
    expect(text.glyphs).toEqual([]);
    expect(text.words.map((w) => w.text)).toEqual(['o']);
  });

  it('joins the pieces of every dotted blank on a page of thousands of lines', () => {
    // A long dotted list (a table of contents, an inventory form): each line a caption, a blank
    // cut by its producer into runs and a word of dots, then a date and a blank of its own.
    const lines = 2_000;
    const leaders: Leader[] = [];
    const words: TextRun[] = [];
    const run = (x0: number, x1: number, baseline: number): Leader => ({
      rect: [x0, baseline - 8, x1, baseline],
      size: 10,
      dots: true,
      baseline,
    });
    const word = (text: string, x0: number, x1: number, baseline: number): TextRun => ({
      text,
      rect: [x0, baseline - 8, x1, baseline],
      size: 10,
      font: 'Helvetica',
    });
    for (let line = 0; line < lines; line++) {
      const baseline = 20 + line * 12;
      leaders.push(run(100, 200, baseline), run(201, 300, baseline), run(326, 400, baseline));
      leaders.push(run(445, 500, baseline));
      words.push(word(`Item ${line}`, 40, 90, baseline), word('. . .', 305, 320, baseline));
      words.push(word('Date', 410, 440, baseline));
    }
    const joined = joinLeaders(leaders, words);
    expect(joined).toHaveLength(2 * lines);
    expect(joined.slice(0, 2).map((l) => l.rect)).toEqual([
      [100, 12, 400, 20],
      [445, 12, 500, 20],
    ]);
    // Speed is the benchmark's to check (`npm run bench dotted-page`), not a timed test.
  });
});
