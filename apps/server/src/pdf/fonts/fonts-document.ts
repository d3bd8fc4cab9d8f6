import type { PDFDocument, PDFHexString, PDFRef } from '@cantoo/pdf-lib';
import {
  hasRightToLeft,
  paragraphDirection,
  visualRuns,
  type Direction,
  type VisualRun,
} from '../fill/fill-bidi.ts';
import { logicalOrderOperators } from './fonts-logical.ts';
import { glyphCopies } from './fonts-mirrored.ts';
import {
  cachedFontkit,
  chooseFont,
  coversEveryUnit,
  isInvisibleCodePoint,
  isSpaceCodePoint,
  type FontFace,
  type FontId,
} from './fonts.ts';
import { LINE_BREAK, LINE_BREAKS, type FontMetrics } from '../fill/fill-layout.ts';
import type { SharedFont } from './fonts-shared.ts';

/** A font ready to draw with in one document. */
export interface UsableFont {
  face: FontFace;
  /** The font dictionary appearance resources refer to. */
  ref: PDFRef;
  metrics: FontMetrics;
  /** `text` with characters the font lacks but needs no glyph for (spaces, joiners) fixed up. */
  renderable: (text: string) => string;
  /**
   * Content-stream operators that show one line of `text` at the current text position: glyphs
   * placed in visual order (bidi runs, each shaped); a line with right-to-left text shows them in
   * logical order for the text layer (fonts-logical.ts), read as poppler reads a page whose
   * letters are mostly right to left when `rtlPage`.
   */
  showText: (text: string, direction?: Direction, rtlPage?: boolean) => string;
}

function hexBody(hex: PDFHexString): string {
  return hex.toString().slice(1, -1);
}

/**
 * A left-to-right run that holds characters of a right-to-left script: Arabic-Indic and
 * Persian digits (UAX #9 puts numbers at an even level, read left to right). fontkit takes the
 * script of the run for its direction and would reverse them (`٢٠٢٤` drawn `٤٢٠٢`), so those
 * characters are encoded one by one, in logical order; nothing joins digits.
 */
function runPieces(run: VisualRun): string[] {
  if (run.rtl || !hasRightToLeft(run.text)) {
    return [run.text];
  }
  const pieces: string[] = [];
  let plain = '';
  for (const char of run.text) {
    if (hasRightToLeft(char)) {
      pieces.push(...(plain === '' ? [] : [plain]), char);
      plain = '';
    } else {
      plain += char;
    }
  }
  return plain === '' ? pieces : [...pieces, plain];
}

// Widths at size 1 by face and text, shared by every document of this thread. A width depends
// only on the font file and the text, but measuring runs fontkit's full shaping (GSUB, GPOS
// kerning), and layout measures the same words and lines again for every candidate font size
// and every record; the cache makes each distinct text one shaping run. Bounded per face.
const MAX_CACHED_WIDTHS = 20_000;
const cachedWidths = new Map<FontId, Map<string, number>>();

// A document's own DejaVu subset beside the shared one carries a name of its own.
const SUPPLEMENT_NAMES: Record<FontId, string> = {
  'dejavu-sans': 'FBDJVX+DejaVuSans',
  'noto-sans-sc': 'FBNTSX+NotoSansSC-Regular',
  'noto-sans-kr': 'FBNTKX+NotoSansKR-Regular',
};

function widthsOf(id: FontId): Map<string, number> {
  let widths = cachedWidths.get(id);
  if (!widths) {
    widths = new Map();
    cachedWidths.set(id, widths);
  }
  return widths;
}

/** Where a document gets the shared subset from: a font already in its base, or embedded now. */
export interface SharedFontSlot {
  font: SharedFont;
  /** The font dictionary to refer to; called once, on first use in the document. */
  ref: () => PDFRef;
}

/**
 * `text` with characters `face` lacks but needs no glyph for (spaces, joiners) fixed up. Line
 * breaks stay: a multiline layout breaks its lines there (no line it draws holds one).
 */
function renderableWith(face: FontFace, text: string): string {
  if (coversEveryUnit(face, text)) {
    return text;
  }
  let out = '';
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (face.hasGlyph(codePoint) || LINE_BREAK.test(char)) {
      out += char;
    } else if (isSpaceCodePoint(codePoint)) {
      out += ' ';
    } else if (!isInvisibleCodePoint(codePoint)) {
      out += char; // Drawn as the font's "missing glyph" box; reported by the caller.
    }
  }
  return out;
}

/** pdf-lib's widthOfTextAtSize(text, 1) for a custom font, without an embedded font. */
function shapedWidth(face: FontFace, text: string): number {
  const scale = 1000 / face.font.unitsPerEm;
  let total = 0;
  for (const glyph of face.font.layout(text).glyphs) {
    total += glyph.advanceWidth * scale;
  }
  return total * (1 / 1000);
}

/**
 * Text width at size 1 as pdf-lib measures it (bidi runs shaped separately), cached by face
 * and text (see cachedWidths).
 */
function cachedWidth(face: FontFace, text: string): number {
  const widths = widthsOf(face.id);
  let width = widths.get(text);
  if (width === undefined) {
    width = hasRightToLeft(text)
      ? visualRuns(text, paragraphDirection(text)).reduce(
          (sum, run) => sum + shapedWidth(face, run.text),
          0,
        )
      : shapedWidth(face, text);
    if (widths.size >= MAX_CACHED_WIDTHS) {
      widths.clear();
    }
    widths.set(text, width);
  }
  return width;
}

/** The drawing side of the shared subset: measured and encoded from its tables. */
function sharedUsable(shared: SharedFont, ref: PDFRef): UsableFont {
  const { face } = shared;
  return {
    face,
    ref,
    metrics: {
      measure: (text) => shared.width(text) ?? cachedWidth(face, text),
      ascent: face.ascent,
      descent: face.descent,
    },
    renderable: (text) => renderableWith(face, text),
    showText: (text) => {
      const encoded = shared.encode(text);
      if (!encoded) {
        // DocumentFonts hands this font out only for text it covers (and so its parts).
        throw new Error('text outside the shared font subset');
      }
      return `<${encoded.hex}> Tj`;
    },
  };
}

/**
 * The fonts of one document: each face is embedded (as a subset) on first use only. With a
 * shared subset, DejaVu text it covers is drawn with it, and only other text gets a subset of
 * this document's own (under a different resource and font name, so both can appear together).
 */
export class DocumentFonts {
  private readonly doc: PDFDocument;
  private readonly shared: SharedFontSlot | undefined;
  private sharedFont: UsableFont | undefined;
  private readonly embedded = new Map<FontId, Promise<UsableFont>>();

  constructor(doc: PDFDocument, shared?: SharedFontSlot) {
    this.doc = doc;
    this.shared = shared;
    doc.registerFontkit(cachedFontkit);
  }

  /** The embedded font for `face` (this document's own subset). */
  use(face: FontFace): Promise<UsableFont> {
    let usable = this.embedded.get(face.id);
    if (!usable) {
      const own =
        this.shared?.font.face.id === face.id
          ? {
              ...face,
              resourceName: `${face.resourceName}X`,
              subsetName: SUPPLEMENT_NAMES[face.id],
            }
          : face;
      usable = this.embed(own);
      this.embedded.set(face.id, usable);
    }
    return usable;
  }

  /** Chooses the face for `text` (see `chooseFont`) and the shared or an embedded subset. */
  async forText(text: string): Promise<{ font: UsableFont; uncovered: string[] }> {
    const choice = chooseFont(text);
    const { shared } = this;
    if (
      shared &&
      choice.face.id === shared.font.face.id &&
      shared.font.covers(renderableWith(choice.face, text).replace(LINE_BREAKS, ''))
    ) {
      this.sharedFont ??= sharedUsable(shared.font, shared.ref());
      return { font: this.sharedFont, uncovered: choice.uncovered };
    }
    return { font: await this.use(choice.face), uncovered: choice.uncovered };
  }

  private async embed(face: FontFace): Promise<UsableFont> {
    const pdfFont = await this.doc.embedFont(face.bytes, {
      subset: true,
      customName: face.subsetName,
    });
    const copies = glyphCopies(pdfFont);
    const showText = (text: string, direction?: Direction, rtlPage = false): string => {
      if (!hasRightToLeft(text)) {
        return `${pdfFont.encodeText(text).toString()} Tj`;
      }
      const encode = (part: string) => hexBody(pdfFont.encodeText(part));
      const runs = visualRuns(text, direction ?? paragraphDirection(text));
      const logical = logicalOrderOperators(
        text,
        runs,
        face,
        (run) => runPieces(run),
        encode,
        copies,
        rtlPage,
      );
      if (logical !== undefined) {
        return logical;
      }
      const glyphs = runs.map((run) => runPieces(run).map(encode).join('')).join('');
      return `<${glyphs}> Tj`;
    };
    return {
      face,
      ref: pdfFont.ref,
      metrics: {
        measure: (text) => cachedWidth(face, text),
        ascent: face.ascent,
        descent: face.descent,
      },
      renderable: (text) => renderableWith(face, text),
      showText,
    };
  }
}
