import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';
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
    const measure = (text: string): number => pdfFont.widthOfTextAtSize(text, 1);
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
    };
  }
}
