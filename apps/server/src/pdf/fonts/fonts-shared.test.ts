import { describe, expect, it } from 'vitest';
import { loadFontFace } from './fonts.ts';
import { sharedFont } from './fonts-shared.ts';

// The shared subset draws text from its own tables instead of fontkit's shaping; every glyph
// and width must be what fontkit (and so pdf-lib, for a document's own subset) would produce.

const face = loadFontFace('dejavu-sans');
const scale = 1000 / face.font.unitsPerEm;

function fontkitShaping(text: string): { glyphs: number[]; width: number } {
  const glyphs = face.font.layout(text).glyphs;
  let total = 0;
  for (const glyph of glyphs) {
    total += glyph.advanceWidth * scale;
  }
  return { glyphs: glyphs.map((glyph) => glyph.id), width: total * (1 / 1000) };
}

describe('the shared DejaVu subset', () => {
  it('encodes every pair of its characters glyph for glyph as fontkit shapes them, at the same width', async () => {
    const font = await sharedFont();
    const covered: string[] = [];
    for (let codePoint = 0; codePoint <= 0x20ff; codePoint += 1) {
      const char = String.fromCodePoint(codePoint);
      if (font.covers(char)) {
        covered.push(char);
      }
    }
    expect(covered.length).toBeGreaterThan(300);
    const words = ['office', 'ﬀ', 'staff fluffy', 'fjord', 'ﬁ', 'Straße', 'fff ffl ffi', "L'été"];
    const texts = [
      ...covered.map((first) => covered.map((second) => first + second).join('')),
      ...words.filter((word) => font.covers(word)),
    ];
    // Subset codes must stand for fontkit's glyphs one to one.
    const codeOfGlyph = new Map<number, number>();
    const glyphOfCode = new Map<number, number>();
    const differences: string[] = [];
    for (const text of texts) {
      const encoded = font.encode(text);
      const expected = fontkitShaping(text);
      const codes = (encoded?.hex.match(/.{4}/g) ?? []).map((hex) => Number.parseInt(hex, 16));
      if (encoded?.width !== expected.width || codes.length !== expected.glyphs.length) {
        differences.push(text);
        continue;
      }
      expected.glyphs.forEach((glyph, index) => {
        const code = codes[index] ?? -1;
        if (
          (codeOfGlyph.get(glyph) ?? code) !== code ||
          (glyphOfCode.get(code) ?? glyph) !== glyph
        ) {
          differences.push(text);
        }
        codeOfGlyph.set(glyph, code);
        glyphOfCode.set(code, glyph);
      });
    }
    expect(differences).toEqual([]);
    // The f-ligatures are among them.
    expect(fontkitShaping('fi').glyphs).toHaveLength(1);
    expect(font.encode('fi')?.hex).toHaveLength(4);
  }, 120_000);

  it('leaves text outside it (other scripts, combining marks, soft hyphens) to a subset of the document', async () => {
    const font = await sharedFont();
    for (const text of ['Иван', 'Γιώργος', 'e\u0301', 'co\u00ADop', 'مرحبا', '张伟']) {
      expect(font.covers(text)).toBe(false);
      expect(font.encode(text)).toBeNull();
    }
    expect(font.covers('Zoë Ñandú – Łódź, 12 € “quoted”')).toBe(true);
  });
});
