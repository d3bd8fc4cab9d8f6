import { describe, expect, it } from 'vitest';
import { splitPageText } from './page-text.ts';

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
});
