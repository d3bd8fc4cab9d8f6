import fontkit from '@cantoo/fontkit';
import { describe, expect, it } from 'vitest';
import { loadFontFace } from './fonts.ts';
import { withoutHinting } from './fonts-unhinted.ts';

function tableTags(font: Uint8Array): string[] {
  const count = new DataView(font.buffer, font.byteOffset).getUint16(4);
  return Array.from({ length: count }, (_, index) =>
    String.fromCharCode(...font.subarray(12 + 16 * index, 16 + 16 * index)),
  );
}

describe('withoutHinting', () => {
  it('keeps every outline and metric of a subset and drops its instructions', () => {
    const { font } = loadFontFace('dejavu-sans');
    const subset = font.createSubset();
    // Simple glyphs and composites (accented letters are built from components).
    for (const char of 'AZaz09Ññ€Łłǅ') {
      const glyph = font.glyphForCodePoint(char.codePointAt(0) ?? 0);
      if (glyph) {
        subset.includeGlyph(glyph);
      }
    }
    const hinted = subset.encode();
    const unhinted = withoutHinting(hinted);
    const before = fontkit.create(hinted);
    const after = fontkit.create(unhinted);
    if (!('getGlyph' in before) || !('getGlyph' in after)) {
      throw new Error('expected single fonts');
    }
    expect(unhinted.byteLength).toBeLessThan(hinted.byteLength * 0.8);
    expect(after.numGlyphs).toBe(before.numGlyphs);
    for (let id = 0; id < before.numGlyphs; id += 1) {
      expect(after.getGlyph(id)?.path.toSVG()).toBe(before.getGlyph(id)?.path.toSVG());
      expect(after.getGlyph(id)?.advanceWidth).toBe(before.getGlyph(id)?.advanceWidth);
    }
    expect(tableTags(hinted)).toEqual(expect.arrayContaining(['fpgm', 'prep', 'cvt ']));
    expect(tableTags(unhinted)).not.toEqual(expect.arrayContaining(['fpgm']));
    expect(tableTags(unhinted).filter((tag) => ['prep', 'cvt '].includes(tag))).toEqual([]);
  });
});
