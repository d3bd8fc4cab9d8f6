// One DejaVu subset shared by every fill of this process: Latin-1, Latin Extended-A, general
// punctuation and the euro sign, embedded once per template (see fill-plan.ts) instead of a
// fresh subset built, serialized and deflated for every record. Text it covers is measured and
// encoded from per-code-point tables (subset glyph code and advance): for these scripts
// fontkit's shaping only ever forms the f-ligatures, which are applied here from the font's own
// ligature table. fonts-shared.test.ts checks the tables against fontkit's full shaping.
import { type PDFContext, PDFDocument, PDFRef, type PDFObject } from '@cantoo/pdf-lib';
import type { SharedFontSlot } from './fonts-document.ts';
import { cachedFontkit, loadFontFace, type FontFace } from './fonts.ts';
import { latinLigatures } from './fonts-ligatures.ts';
import { dropHinting, reachable, relocate } from './fonts-shared-objects.ts';

/** Inclusive code point ranges of the shared subset. */
const SHARED_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
  [0x2010, 0x2027],
  [0x2030, 0x203a],
  [0x20ac, 0x20ac],
];
const LAST_CODE_POINT = 0x20ac;

interface Ligature {
  /** Code points after the first one. */
  rest: number[];
  code: number;
  advance: number;
}

/** The shared subset of one face: its PDF objects and how to draw text with it. */
export interface SharedFont {
  readonly face: FontFace;
  /** Whether every character of `text` is in the subset (so `encode` cannot fail). */
  covers(text: string): boolean;
  /** Width at size 1 and glyph codes (hex) of `text`, or null when it is not covered. */
  encode(text: string): { width: number; hex: string } | null;
  /** Width at size 1 of `text`, or null when it is not covered. */
  width(text: string): number | null;
  /**
   * The font's objects for `context`, numbered from `firstNumber` in dependency-free order;
   * the first is the Type0 font dictionary that resources refer to.
   */
  objects(context: PDFContext, firstNumber: number): Array<[PDFRef, PDFObject]>;
}

// Scripts fontkit picks shaping features by: every strong character of the ranges above is
// Latin, so the latn features apply to any text that can form a ligature.
const STRONG = /[^\p{Script=Common}\p{Script=Inherited}]/u;
const LATIN = /\p{Script=Latin}/u;

function hexOf(code: number): string {
  return code.toString(16).padStart(4, '0').toUpperCase();
}

function codeOf(hex: string): number {
  return Number.parseInt(hex.slice(1, -1), 16);
}

async function buildSharedFont(face: FontFace): Promise<SharedFont> {
  const font = face.font;
  const scale = 1000 / font.unitsPerEm;
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(cachedFontkit);
  const pdfFont = await doc.embedFont(face.bytes, { subset: true, customName: face.subsetName });
  // Per code point: subset glyph code (0: not in the subset) and advance in text space / 1000.
  const codes = new Int32Array(LAST_CODE_POINT + 1);
  const advances = new Float64Array(LAST_CODE_POINT + 1);
  const byGlyph = new Map<number, number>();
  for (const [first, last] of SHARED_RANGES) {
    for (let codePoint = first; codePoint <= last; codePoint += 1) {
      const char = String.fromCodePoint(codePoint);
      if (!font.hasGlyphForCodePoint(codePoint) || STRONG.test(char) !== LATIN.test(char)) {
        continue;
      }
      const glyph = font.glyphForCodePoint(codePoint);
      const shaped = font.layout(char).glyphs;
      // Characters shaping changes on their own (soft hyphen, joiners) stay with fontkit.
      if (!glyph || shaped.length !== 1 || shaped[0]?.id !== glyph.id) {
        continue;
      }
      codes[codePoint] = codeOf(pdfFont.encodeText(char).toString());
      advances[codePoint] = glyph.advanceWidth * scale;
      if (!byGlyph.has(glyph.id)) {
        byGlyph.set(glyph.id, codePoint);
      }
    }
  }
  const ligatures = new Map<number, Ligature[]>();
  for (const [firstGlyph, list] of latinLigatures(face)) {
    const first = byGlyph.get(firstGlyph);
    if (first === undefined) {
      continue;
    }
    for (const [glyph, components] of list) {
      const rest = components.map((component) => byGlyph.get(component));
      if (rest.some((codePoint) => codePoint === undefined)) {
        continue;
      }
      const text = String.fromCodePoint(first, ...(rest as number[]));
      const entry = ligatures.get(first) ?? [];
      entry.push({
        rest: rest as number[],
        code: codeOf(pdfFont.encodeText(text).toString()),
        advance: (font.getGlyph(glyph)?.advanceWidth ?? 0) * scale,
      });
      ligatures.set(first, entry);
    }
  }
  await doc.flush();
  dropHinting(doc.context, pdfFont.ref);
  const source = reachable(doc.context, pdfFont.ref);

  const hexes = Array.from(codes, (code) => hexOf(code));
  /** The ligature starting at `index` of `text`, if any. */
  const ligatureAt = (text: string, index: number, unit: number): Ligature | undefined => {
    const candidates = ligatures.get(unit);
    if (!candidates) {
      return undefined;
    }
    for (const ligature of candidates) {
      let matches = true;
      for (let at = 0; at < ligature.rest.length && matches; at += 1) {
        matches = text.charCodeAt(index + 1 + at) === ligature.rest[at];
      }
      if (matches) {
        return ligature;
      }
    }
    return undefined;
  };
  // One pass over UTF-16 units: every covered character is a single unit. Returns the advance
  // sum in text space, or -1 when a character is not covered.
  const advanceOf = (text: string): number => {
    let total = 0;
    for (let index = 0; index < text.length; index += 1) {
      const unit = text.charCodeAt(index);
      if (unit > LAST_CODE_POINT || codes[unit] === 0) {
        return -1;
      }
      const ligature = ligatureAt(text, index, unit);
      if (ligature) {
        total += ligature.advance;
        index += ligature.rest.length;
      } else {
        total += advances[unit] as number;
      }
    }
    return total;
  };
  const encode = (text: string): { width: number; hex: string } | null => {
    let total = 0;
    let hex = '';
    for (let index = 0; index < text.length; index += 1) {
      const unit = text.charCodeAt(index);
      if (unit > LAST_CODE_POINT || codes[unit] === 0) {
        return null;
      }
      const ligature = ligatureAt(text, index, unit);
      if (ligature) {
        total += ligature.advance;
        hex += hexOf(ligature.code);
        index += ligature.rest.length;
      } else {
        total += advances[unit] as number;
        hex += hexes[unit] as string;
      }
    }
    // The same arithmetic as pdf-lib's widthOfTextAtSize(text, 1), so layouts do not move.
    return { width: total * (1 / 1000), hex };
  };

  return {
    face,
    covers: (text) => {
      for (const char of text) {
        const codePoint = char.codePointAt(0) ?? 0;
        if (codePoint > LAST_CODE_POINT || codes[codePoint] === 0) {
          return false;
        }
      }
      return true;
    },
    encode,
    width: (text) => {
      const total = advanceOf(text);
      return total < 0 ? null : total * (1 / 1000);
    },
    objects: (context, firstNumber) => {
      const refs = new Map(source.map(([ref], index) => [ref, PDFRef.of(firstNumber + index)]));
      return source.map(([ref, object]) => [
        refs.get(ref) as PDFRef,
        relocate(object, refs, context),
      ]);
    },
  };
}

let shared: Promise<SharedFont> | undefined;

/** The shared DejaVu subset, built once per process (355 glyphs, ~20 KB of PDF objects). */
export function sharedFont(): Promise<SharedFont> {
  shared ??= buildSharedFont(loadFontFace('dejavu-sans'));
  return shared;
}

/**
 * The shared subset for one document: the font already in its base (`inBase`, an incremental
 * fill on the plan's font base), else its objects added to `context` on first use.
 */
export async function sharedFontSlot(
  context: PDFContext,
  inBase: PDFRef | null,
): Promise<SharedFontSlot & { readonly used: boolean }> {
  const font = await sharedFont();
  let used = false;
  return {
    font,
    get used() {
      return used;
    },
    ref: () => {
      used = true;
      if (inBase) {
        return inBase;
      }
      const objects = font.objects(context, context.largestObjectNumber + 1);
      objects.forEach(([ref, object]) => context.assign(ref, object));
      const [first] = objects;
      if (!first) {
        throw new Error('the shared font has no objects');
      }
      return first[0];
    },
  };
}
