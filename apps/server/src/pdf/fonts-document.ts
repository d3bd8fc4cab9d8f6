import type { PDFDocument, PDFFont, PDFHexString } from '@cantoo/pdf-lib';
import { hasRightToLeft, paragraphDirection, visualRuns, type Direction } from './fill-bidi.ts';
import {
  cachedFontkit,
  chooseFont,
  isInvisibleCodePoint,
  isSpaceCodePoint,
  type FontFace,
  type FontId,
} from './fonts.ts';
import type { FontMetrics } from './fill-layout.ts';

/** A font ready to draw with in one document. */
export interface UsableFont {
  face: FontFace;
  pdfFont: PDFFont;
  metrics: FontMetrics;
  /** `text` with characters the font lacks but needs no glyph for (spaces, joiners) fixed up. */
  renderable: (text: string) => string;
  /**
   * Content-stream operators that show one line of `text` at the current text position: glyphs
   * in visual order (bidi runs, each shaped). No /ActualText span is written: extractors (poppler,
   * pdf.js) already rebuild reading order from right-to-left glyph placement, provided ligatures
   * map their characters in visual order (see ligaturesInVisualOrder); fill-bidi.test.ts checks
   * the result through pdftotext.
   */
  showText: (text: string, direction?: Direction) => string;
}

function hexBody(hex: PDFHexString): string {
  return hex.toString().slice(1, -1);
}

const visualLigatures = new WeakSet<object>();

/**
 * Text extractors (poppler, pdf.js) read right-to-left glyphs as placed, right to left, and
 * reverse each glyph's characters along with them; a ligature's ToUnicode entry (Arabic lam +
 * alef) must therefore list its characters in visual order, or "الأحمد" is read "األحمد". The
 * glyph objects are shared by every document (see fonts.ts), so each is turned once.
 */
function ligaturesInVisualOrder(face: FontFace, text: string): void {
  for (const glyph of face.font.layout(text).glyphs) {
    if (glyph.codePoints.length > 1 && !visualLigatures.has(glyph)) {
      glyph.codePoints = [...glyph.codePoints].reverse();
      visualLigatures.add(glyph);
    }
  }
}

// Widths at size 1 by face and text, shared by every document of this thread. A width depends
// only on the font file and the text, but measuring runs fontkit's full shaping (GSUB, GPOS
// kerning), and layout measures the same words and lines again for every candidate font size
// and every record; the cache makes each distinct text one shaping run. Bounded per face.
const MAX_CACHED_WIDTHS = 20_000;
const cachedWidths = new Map<FontId, Map<string, number>>();

function widthsOf(id: FontId): Map<string, number> {
  let widths = cachedWidths.get(id);
  if (!widths) {
    widths = new Map();
    cachedWidths.set(id, widths);
  }
  return widths;
}

/** The fonts of one document: each face is embedded (as a subset) on first use only. */
export class DocumentFonts {
  private readonly doc: PDFDocument;
  private readonly embedded = new Map<FontId, Promise<UsableFont>>();

  constructor(doc: PDFDocument) {
    this.doc = doc;
    doc.registerFontkit(cachedFontkit);
  }

  /** The embedded font for `face`. */
  use(face: FontFace): Promise<UsableFont> {
    let usable = this.embedded.get(face.id);
    if (!usable) {
      usable = this.embed(face);
      this.embedded.set(face.id, usable);
    }
    return usable;
  }

  /** Chooses the face for `text` (see `chooseFont`) and embeds it. */
  async forText(text: string): Promise<{ font: UsableFont; uncovered: string[] }> {
    const choice = chooseFont(text);
    return { font: await this.use(choice.face), uncovered: choice.uncovered };
  }

  /** How many faces this document embedded (for tests: fonts are embedded lazily). */
  get embeddedCount(): number {
    return this.embedded.size;
  }

  private async embed(face: FontFace): Promise<UsableFont> {
    const pdfFont = await this.doc.embedFont(face.bytes, {
      subset: true,
      customName: face.subsetName,
    });
    const widths = widthsOf(face.id);
    const measure = (text: string): number => {
      let width = widths.get(text);
      if (width === undefined) {
        width = hasRightToLeft(text)
          ? visualRuns(text, paragraphDirection(text)).reduce(
              (sum, run) => sum + pdfFont.widthOfTextAtSize(run.text, 1),
              0,
            )
          : pdfFont.widthOfTextAtSize(text, 1);
        if (widths.size >= MAX_CACHED_WIDTHS) {
          widths.clear();
        }
        widths.set(text, width);
      }
      return width;
    };
    const showText = (text: string, direction?: Direction): string => {
      if (!hasRightToLeft(text)) {
        return `${pdfFont.encodeText(text).toString()} Tj`;
      }
      const runs = visualRuns(text, direction ?? paragraphDirection(text));
      for (const run of runs) {
        if (run.rtl) {
          ligaturesInVisualOrder(face, run.text);
        }
      }
      const glyphs = runs.map((run) => hexBody(pdfFont.encodeText(run.text))).join('');
      return `<${glyphs}> Tj`;
    };
    const renderable = (text: string): string => {
      let out = '';
      for (const char of text) {
        const codePoint = char.codePointAt(0) ?? 0;
        if (face.font.hasGlyphForCodePoint(codePoint)) {
          out += char;
        } else if (isSpaceCodePoint(codePoint)) {
          out += ' ';
        } else if (!isInvisibleCodePoint(codePoint)) {
          out += char; // Drawn as the font's "missing glyph" box; reported by the caller.
        }
      }
      return out;
    };
    return {
      face,
      pdfFont,
      metrics: { measure, ascent: face.ascent, descent: face.descent },
      renderable,
      showText,
    };
  }
}
