import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@cantoo/fontkit';
import type { Font as FontkitFont } from '@cantoo/fontkit';
import type { PDFDocument } from '@cantoo/pdf-lib';

// pdf-lib does not export its Fontkit type; take it from the method that consumes it.
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/** The fonts the fill engine embeds, in order of preference. */
export type FontId = 'dejavu-sans' | 'noto-sans-sc' | 'noto-sans-kr';

/** A parsed font file, shared by every fill in this process. */
export interface FontFace {
  id: FontId;
  /** Family name reported to callers (fill report). */
  family: string;
  /** Resource name used inside appearance streams. */
  resourceName: string;
  /** /BaseFont of the embedded subset: the PDF convention is a six-letter tag and '+'. */
  subsetName: string;
  bytes: Uint8Array;
  font: FontkitFont;
  /** Visual extent of typical glyphs (accented capitals, descenders), in em. */
  ascent: number;
  descent: number;
  /** Whether the font has a glyph for `codePoint` (fontkit's cmap lookup, remembered). */
  hasGlyph: (codePoint: number) => boolean;
}

interface FontSource {
  id: FontId;
  family: string;
  resourceName: string;
  subsetName: string;
  file: string;
}

// DejaVu first: it covers Latin, Greek, Cyrillic and Arabic and is the smallest to subset.
// Noto Sans SC adds CJK ideographs and kana, Noto Sans KR adds Hangul.
const SOURCES: readonly FontSource[] = [
  {
    id: 'dejavu-sans',
    family: 'DejaVu Sans',
    resourceName: 'FbDejaVu',
    subsetName: 'FBDJVS+DejaVuSans',
    file: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  },
  {
    id: 'noto-sans-sc',
    family: 'Noto Sans SC',
    resourceName: 'FbNotoSC',
    subsetName: 'FBNTSC+NotoSansSC-Regular',
    file: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  },
  {
    id: 'noto-sans-kr',
    family: 'Noto Sans KR',
    resourceName: 'FbNotoKR',
    subsetName: 'FBNTKR+NotoSansKR-Regular',
    file: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  },
];

const require = createRequire(import.meta.url);
const faces = new Map<FontId, FontFace>();

// Characters measured to find how far glyphs really reach above and below the baseline;
// the fonts' own ascent/descent values are line metrics (CJK fonts reserve a lot of room).
const EXTENT_SAMPLE = 'ÅÉÑÜgjpqy|()张伟김민준Йй';

function sourceOf(id: FontId): FontSource {
  const source = SOURCES.find((candidate) => candidate.id === id);
  if (!source) {
    throw new Error(`Unknown font ${id}`);
  }
  return source;
}

function measureExtent(font: FontkitFont): { ascent: number; descent: number } {
  let top = 0;
  let bottom = 0;
  for (const char of EXTENT_SAMPLE) {
    const codePoint = char.codePointAt(0);
    if (codePoint === undefined || !font.hasGlyphForCodePoint(codePoint)) {
      continue;
    }
    const glyph = font.glyphForCodePoint(codePoint);
    if (glyph) {
      top = Math.max(top, glyph.bbox.maxY);
      bottom = Math.min(bottom, glyph.bbox.minY);
    }
  }
  const em = font.unitsPerEm;
  // Fall back to the line metrics if the sample found nothing (should not happen).
  return top > 0
    ? { ascent: top / em, descent: bottom / em }
    : { ascent: font.ascent / em, descent: font.descent / em };
}

/**
 * fontkit caches one glyph object per glyph id, and the first request wins: a glyph first
 * loaded as a component of an accented letter (Й is built from И) or while subsetting has no
 * code points, and pdf-lib then writes an empty ToUnicode entry for it in every later
 * document, so text extraction and search lose that letter. Because the parsed font is shared
 * between documents (re-parsing costs 15–30 ms of table loading per document), fill in the
 * code points whenever a later request knows them.
 */
function keepCodePoints(font: FontkitFont): void {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (glyphId: number, characters?: number[]) => {
    const glyph = getGlyph(glyphId, characters);
    if (glyph && glyph.codePoints.length === 0 && characters && characters.length > 0) {
      glyph.codePoints = [...characters];
    }
    return glyph;
  };
}

// Shaped runs kept per face; past this many the face starts a fresh table.
const MAX_CACHED_RUNS = 5_000;

/**
 * Shaping (fontkit's layout: cmap, GSUB, GPOS) is the bulk of drawing a value with an embedded
 * font, and pdf-lib shapes each line again to encode it, so every record of a template shaped
 * the same labels and values anew. A run depends only on the font and the text (pdf-lib passes
 * no features here) and is only read by its callers, so runs of plain calls are kept.
 */
function rememberLayouts(font: FontkitFont): void {
  const layout = font.layout.bind(font);
  const runs = new Map<string, ReturnType<FontkitFont['layout']>>();
  font.layout = (text, ...options) => {
    if (typeof text !== 'string' || options.some((option) => option !== undefined)) {
      return layout(text, ...options);
    }
    let run = runs.get(text);
    if (!run) {
      run = layout(text);
      if (runs.size >= MAX_CACHED_RUNS) {
        runs.clear();
      }
      runs.set(text, run);
    }
    return run;
  };
}

const BMP_SIZE = 0x10000;
const UNKNOWN = 0;
const PRESENT = 1;
const ABSENT = 2;

/**
 * fontkit's hasGlyphForCodePoint searches the cmap on every call, and every drawn value asks it
 * for each character several times (font choice, renderable text, coverage problems); the
 * answer for a code point never changes, so the Basic Multilingual Plane's answers are kept in
 * a 64 KB table per face.
 */
function glyphLookup(font: FontkitFont): (codePoint: number) => boolean {
  const known = new Uint8Array(BMP_SIZE);
  return (codePoint) => {
    if (codePoint >= BMP_SIZE || codePoint < 0) {
      return font.hasGlyphForCodePoint(codePoint);
    }
    const state = known[codePoint];
    if (state === UNKNOWN) {
      const present = font.hasGlyphForCodePoint(codePoint);
      known[codePoint] = present ? PRESENT : ABSENT;
      return present;
    }
    return state === PRESENT;
  };
}

/** The parsed font for `id`, read from disk and parsed once per process. */
export function loadFontFace(id: FontId): FontFace {
  const cached = faces.get(id);
  if (cached) {
    return cached;
  }
  const source = sourceOf(id);
  const bytes = new Uint8Array(readFileSync(require.resolve(source.file)));
  const created = fontkit.create(bytes);
  if (!('hasGlyphForCodePoint' in created)) {
    throw new Error(`${source.family} is a font collection, expected a single face`);
  }
  keepCodePoints(created);
  rememberLayouts(created);
  const face: FontFace = {
    id,
    family: source.family,
    resourceName: source.resourceName,
    subsetName: source.subsetName,
    bytes,
    font: created,
    ...measureExtent(created),
    hasGlyph: glyphLookup(created),
  };
  faces.set(id, face);
  return face;
}

/** Code points that need no glyph: line breaks, tabs, zero-width joiners, variation selectors. */
export function isInvisibleCodePoint(codePoint: number): boolean {
  return (
    codePoint < 0x20 ||
    (codePoint >= 0x7f && codePoint < 0xa0) ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    codePoint === 0xfeff ||
    (codePoint >= 0xe0100 && codePoint <= 0xe01ef)
  );
}

/** Whitespace that may be drawn as a plain space when the font lacks its glyph. */
export function isSpaceCodePoint(codePoint: number): boolean {
  return /\s/u.test(String.fromCodePoint(codePoint));
}

/** Whether `face` has a glyph for every UTF-16 unit of `text` (surrogates count as missing). */
export function coversEveryUnit(face: FontFace, text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if ((unit >= 0xd800 && unit <= 0xdfff) || !face.hasGlyph(unit)) {
      return false;
    }
  }
  return true;
}

/** The characters of `text` (once each, in order) that `face` cannot draw. */
export function uncoveredCharacters(face: FontFace, text: string): string[] {
  if (coversEveryUnit(face, text)) {
    return []; // The common case, without collecting the distinct characters.
  }
  const missing: string[] = [];
  for (const char of new Set(text)) {
    const codePoint = char.codePointAt(0);
    if (
      codePoint === undefined ||
      face.hasGlyph(codePoint) ||
      isInvisibleCodePoint(codePoint) ||
      isSpaceCodePoint(codePoint)
    ) {
      continue;
    }
    missing.push(char);
  }
  return missing;
}

export interface FontChoice {
  face: FontFace;
  /** Characters of the text that the chosen face cannot draw (empty when fully covered). */
  uncovered: string[];
}

/**
 * Picks the font for one value: the first face (DejaVu, Noto SC, Noto KR) that covers every
 * character, else the one covering the most. Later faces are only loaded when needed.
 */
export function chooseFont(text: string): FontChoice {
  let best: FontChoice | undefined;
  for (const source of SOURCES) {
    const face = loadFontFace(source.id);
    const uncovered = uncoveredCharacters(face, text);
    if (uncovered.length === 0) {
      return { face, uncovered };
    }
    if (!best || uncovered.length < best.uncovered.length) {
      best = { face, uncovered };
    }
  }
  if (!best) {
    throw new Error('No fonts configured');
  }
  return best;
}

/**
 * A fontkit for `PDFDocument.registerFontkit` that hands back the already parsed faces, so
 * embedding a font costs no re-parse of its multi-megabyte file.
 */
export const cachedFontkit: Fontkit = {
  create(buffer: Uint8Array) {
    for (const face of faces.values()) {
      if (buffer === face.bytes || buffer.buffer === face.bytes.buffer) {
        return face.font;
      }
    }
    return fontkit.create(buffer);
  },
};
