import { describe, expect, it } from 'vitest';
import {
  graphemes,
  layoutText,
  wrapText,
  type FontMetrics,
  type LayoutRequest,
} from './fill-layout.ts';

// A monospaced fake font: every character is 0.5 em wide, glyphs reach 0.8 em up, 0.2 down.
const mono: FontMetrics = {
  measure: (text) => graphemes(text).length * 0.5,
  ascent: 0.8,
  descent: -0.2,
};

function request(overrides: Partial<LayoutRequest>): LayoutRequest {
  return {
    text: 'Hello',
    width: 100,
    height: 20,
    fontSize: 10,
    alignment: 0,
    mode: 'single',
    metrics: mono,
    ...overrides,
  };
}

describe('wrapText', () => {
  it('breaks at spaces, keeps explicit line breaks and splits words longer than a line', () => {
    expect(wrapText('aaa bbb ccc', 3, mono.measure)).toEqual(['aaa', 'bbb', 'ccc']);
    expect(wrapText('aa bb\ncc', 10, mono.measure)).toEqual(['aa bb', 'cc']);
    expect(wrapText('abcdefghij', 2, mono.measure)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('breaks between ideographs, which use no spaces', () => {
    expect(wrapText('张伟张伟张伟', 1.5, mono.measure)).toEqual(['张伟张', '伟张伟']);
  });

  it('keeps a letter and its combining mark together', () => {
    expect(graphemes('e\u0301a')).toEqual(['e\u0301', 'a']);
  });

  it('splits Latin text per character exactly as the grapheme segmenter does', () => {
    // Every ordered pair of the characters graphemes() splits without the segmenter.
    const chars: string[] = [];
    for (let code = 0x20; code <= 0x2ff; code += 1) {
      if (code < 0x7f || code >= 0xa0) {
        chars.push(String.fromCharCode(code));
      }
    }
    const pairs = chars.flatMap((first) => chars.map((second) => first + second)).join('');
    const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });
    let segments = 0;
    for (const segment of segmenter.segment(pairs)) {
      segments += segment.segment.length === 1 ? 1 : 0;
    }
    expect(segments).toBe(pairs.length);
    expect(graphemes(pairs)).toHaveLength(pairs.length);
  });
});

describe('layoutText', () => {
  it('keeps the /DA size when the text fits and centres the line vertically', () => {
    const layout = layoutText(request({}));
    expect(layout.fontSize).toBe(10);
    expect(layout.fits).toBe(true);
    // Glyph box is 10 pt tall in a 20 pt box: 5 pt below it, baseline 2 pt above that.
    expect(layout.items[0]?.y).toBeCloseTo(7);
  });

  it('aligns left, centre and right', () => {
    const x = (alignment: number): number | undefined =>
      layoutText(request({ alignment })).items[0]?.x;
    expect([x(0), x(1), x(2)]).toEqual([0, 37.5, 75]);
  });

  it('shrinks to the width, down to 4 pt, then reports that it does not fit', () => {
    const shrunk = layoutText(request({ text: 'x'.repeat(40) }));
    expect(shrunk.fontSize).toBe(5);
    expect(shrunk.fits).toBe(true);
    const overflow = layoutText(request({ text: 'x'.repeat(100) }));
    expect(overflow.fontSize).toBe(4);
    expect(overflow.fits).toBe(false);
  });

  it('auto-sizes to the box height, capped at 12 pt', () => {
    expect(layoutText(request({ fontSize: 0, height: 8 })).fontSize).toBe(8);
    expect(layoutText(request({ fontSize: 0, height: 50 })).fontSize).toBe(12);
  });

  it('centres comb characters in their cells and offsets them for centred alignment', () => {
    const comb = layoutText(request({ mode: 'comb', combCells: 5, text: 'abc' }));
    expect(comb.items.map((item) => item.x)).toEqual([7.5, 27.5, 47.5]);
    const centred = layoutText(request({ mode: 'comb', combCells: 5, text: 'abc', alignment: 1 }));
    expect(centred.items[0]?.x).toBe(27.5);
  });

  it('wraps multiline text from the top and shrinks until all lines fit', () => {
    const layout = layoutText(
      request({ mode: 'multi', text: 'one two three four five six', width: 40, height: 30 }),
    );
    expect(layout.fits).toBe(true);
    expect(layout.fontSize).toBeLessThan(10);
    expect(layout.items.length).toBeGreaterThan(1);
    const [first, second] = layout.items;
    expect(first?.y).toBeGreaterThan(second?.y ?? 0);
  });
});
