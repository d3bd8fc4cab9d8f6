import type { PDFFont } from '@cantoo/pdf-lib';

// A bracket in right-to-left text is drawn with its mirror's glyph (UAX #9 L4: "(15)" in
// Hebrew opens towards the text), and MuPDF and pdf.js read a glyph as its ToUnicode text, so
// `(٢٠٢٤)` would read `)٢٠٢٤(`. Such a glyph is drawn through a second code of the same subset,
// a copy of the glyph (same outline, same advance) whose ToUnicode entry is the logical
// character: the drawing is unchanged and the text is what was typed. Showing the logical
// glyph mirrored (-100 Tz) reads right too, but MuPDF breaks the line at the reversed advance.

/** The parts of pdf-lib's subset embedder (CustomFontSubsetEmbedder) a glyph copy needs. */
interface SubsetEmbedder {
  subset: { glyphs: number[] };
  glyphs: unknown[];
  glyphIdMap: Map<number, number>;
  glyphCache: { invalidate: () => void };
}

// Ids for the copies, above any real glyph id (a font has at most 65,535 glyphs): pdf-lib
// looks a glyph's code up by its id when writing the widths and the ToUnicode map.
const COPY_ID_BASE = 0x10000;

function subsetEmbedder(font: PDFFont): SubsetEmbedder | undefined {
  const embedder = (font as unknown as { embedder?: Partial<SubsetEmbedder> }).embedder;
  return embedder &&
    Array.isArray(embedder.subset?.glyphs) &&
    Array.isArray(embedder.glyphs) &&
    embedder.glyphIdMap instanceof Map &&
    typeof embedder.glyphCache?.invalidate === 'function'
    ? (embedder as SubsetEmbedder)
    : undefined;
}

/**
 * A function giving the 4-digit hex code of a copy of `glyph` in `font`'s subset that reads as
 * `text`, one copy per glyph and text; undefined when the font is not a pdf-lib subset.
 */
export type GlyphCopies = (
  glyph: { id: number; advanceWidth: number },
  text: string,
) => string | undefined;

export function glyphCopies(font: PDFFont): GlyphCopies {
  const embedder = subsetEmbedder(font);
  const codes = new Map<string, string>();
  return (glyph, text) => {
    if (!embedder || glyph.id === 0) {
      return undefined;
    }
    const key = `${glyph.id}:${text}`;
    let code = codes.get(key);
    if (code === undefined) {
      // Pushed without fontkit's id mapping: the glyph's own code stays its first one, and the
      // subset writes this entry as one more copy of the glyph's outline.
      const subsetId = embedder.subset.glyphs.push(glyph.id) - 1;
      const copyId = COPY_ID_BASE + subsetId;
      embedder.glyphs[subsetId - 1] = {
        id: copyId,
        advanceWidth: glyph.advanceWidth,
        codePoints: Array.from(text, (char) => char.codePointAt(0) ?? 0),
      };
      embedder.glyphIdMap.set(copyId, subsetId);
      embedder.glyphCache.invalidate();
      code = subsetId.toString(16).padStart(4, '0').toUpperCase();
      codes.set(key, code);
    }
    return code;
  };
}
