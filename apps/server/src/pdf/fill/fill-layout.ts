import { MAX_AUTO_FONT_SIZE, MIN_FONT_SIZE } from './fill-types.ts';

// Pure text layout for field appearances: where each line or comb character goes and at
// which size. Works in points with a caller-supplied measure, so it is testable without PDFs.

export interface FontMetrics {
  /** Advance width of `text` at font size 1. */
  measure: (text: string) => number;
  /** Top of tall glyphs above the baseline, in em. */
  ascent: number;
  /** Bottom of descenders, in em (negative). */
  descent: number;
}

export type LayoutMode = 'single' | 'multi' | 'comb';

export interface LayoutRequest {
  text: string;
  /** The box the text must stay in (already inset by border and padding). */
  width: number;
  height: number;
  /** Size from the field's /DA; 0 means auto. */
  fontSize: number;
  /** /Q: 0 left, 1 centred, 2 right. */
  alignment: number;
  mode: LayoutMode;
  /** Number of comb cells (the field's /MaxLen) for mode 'comb'. */
  combCells?: number;
  metrics: FontMetrics;
}

/** A run of text with its baseline origin, relative to the box's bottom-left corner. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
}

export interface TextLayout {
  fontSize: number;
  items: PlacedText[];
  /** False when even the minimum size could not show all of the text. */
  fits: boolean;
}

/** A line break a typed value may hold (CR LF counts as one: see LINE_BREAKS). */
export const LINE_BREAK = /^[\r\n\u2028\u2029]$/;
/** Every line break of a value; the global regex for split and replace. */
export const LINE_BREAKS = /\r\n|[\r\n\u2028\u2029]/g;

const graphemeSegmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });

// Printable characters below the combining diacritics (U+0300): no grapheme cluster rule joins
// any two of them, so each is a grapheme of its own and the segmenter can be skipped.
const SIMPLE_GRAPHEMES = /^[\x20-\x7e\xa0-\u02ff]*$/;

/** User-perceived characters (a base letter with its combining marks stays one item). */
export function graphemes(text: string): string[] {
  if (SIMPLE_GRAPHEMES.test(text)) {
    return text.split('');
  }
  return Array.from(graphemeSegmenter.segment(text), (segment) => segment.segment);
}

// Ideographs, kana and full-width forms may break anywhere; everything else breaks at spaces.
const TOKEN =
  /\s+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]+/gu;

/** A paragraph's tokens: runs of spaces, words, and single ideographs. */
type Paragraph = Array<{ token: string; isSpace: boolean }>;

function tokenize(text: string): Paragraph[] {
  return text
    .split(LINE_BREAKS)
    .map((paragraph) =>
      (paragraph.match(TOKEN) ?? []).map((token) => ({ token, isSpace: /^\s+$/.test(token) })),
    );
}

/** `measure`, remembered per text for one layout (the same words are measured at every size). */
function memoized(measure: (text: string) => number): (text: string) => number {
  const widths = new Map<string, number>();
  return (token) => {
    let width = widths.get(token);
    if (width === undefined) {
      width = measure(token);
      widths.set(token, width);
    }
    return width;
  };
}

/** Greedy line breaking of `text` into lines no wider than `maxWidth` (in measure units). */
export function wrapText(
  text: string,
  maxWidth: number,
  measure: (text: string) => number,
): string[] {
  return wrapParagraphs(tokenize(text), maxWidth, memoized(measure));
}

/**
 * Lines of `paragraphs` broken to `maxWidth`; stops early (with the lines so far) once
 * `tooMany(lines.length)` says the count already rules the size out.
 */
function wrapParagraphs(
  paragraphs: Paragraph[],
  maxWidth: number,
  widthOf: (text: string) => number,
  tooMany: (count: number) => boolean = () => false,
): string[] {
  const lines: string[] = [];
  for (const paragraph of paragraphs) {
    let line = '';
    let lineWidth = 0;
    const flush = (): void => {
      lines.push(line.trimEnd());
      line = '';
      lineWidth = 0;
    };
    for (const { token, isSpace } of paragraph) {
      if (tooMany(lines.length)) {
        return lines;
      }
      const tokenWidth = widthOf(token);
      if (lineWidth + tokenWidth <= maxWidth) {
        line += token;
        lineWidth += tokenWidth;
      } else if (isSpace) {
        flush(); // The break happens at this space; it is not carried to the next line.
      } else {
        if (line.trim() !== '') {
          flush();
        } else {
          line = '';
          lineWidth = 0;
        }
        if (tokenWidth <= maxWidth) {
          line = token;
          lineWidth = tokenWidth;
          continue;
        }
        // A word longer than the line: break it between characters.
        for (const char of graphemes(token)) {
          const charWidth = widthOf(char);
          if (lineWidth + charWidth > maxWidth && line !== '') {
            flush();
          }
          line += char;
          lineWidth += charWidth;
        }
      }
    }
    flush();
  }
  return lines;
}

function alignedX(alignment: number, boxWidth: number, textWidth: number): number {
  if (alignment === 1) {
    return (boxWidth - textWidth) / 2;
  }
  if (alignment === 2) {
    return boxWidth - textWidth;
  }
  return 0;
}

function roundSize(size: number): number {
  return Math.floor(size * 100) / 100;
}

/** Baseline that centres one line of glyphs vertically in the box. */
function centredBaseline(height: number, size: number, metrics: FontMetrics): number {
  return (height - (metrics.ascent - metrics.descent) * size) / 2 - metrics.descent * size;
}

/** The largest size a single line may take from the box height and the /DA size. */
function startSize(request: LayoutRequest): number {
  const { metrics, height, fontSize } = request;
  const heightFit = height / (metrics.ascent - metrics.descent);
  return Math.min(fontSize > 0 ? fontSize : MAX_AUTO_FONT_SIZE, heightFit);
}

function layoutSingle(request: LayoutRequest): TextLayout {
  const { text, width, height, metrics } = request;
  const unitWidth = metrics.measure(text);
  const widthFit = unitWidth > 0 ? width / unitWidth : Number.POSITIVE_INFINITY;
  const fits = widthFit >= MIN_FONT_SIZE;
  const size = roundSize(Math.max(MIN_FONT_SIZE, Math.min(startSize(request), widthFit)));
  const x = alignedX(request.alignment, width, unitWidth * size);
  return {
    fontSize: size,
    items: [{ text, x: fits ? x : 0, y: centredBaseline(height, size, metrics) }],
    fits,
  };
}

function layoutComb(request: LayoutRequest): TextLayout {
  const { text, width, height, metrics } = request;
  const cells = Math.max(1, request.combCells ?? 1);
  const cellWidth = width / cells;
  const chars = graphemes(text);
  const shown = chars.slice(0, cells);
  const widest = Math.max(0, ...shown.map((char) => metrics.measure(char)));
  const widthFit = widest > 0 ? cellWidth / widest : Number.POSITIVE_INFINITY;
  const size = roundSize(Math.max(MIN_FONT_SIZE, Math.min(startSize(request), widthFit)));
  const free = cells - shown.length;
  const offset =
    request.alignment === 1 ? Math.floor(free / 2) : request.alignment === 2 ? free : 0;
  const y = centredBaseline(height, size, metrics);
  const items = shown.map((char, index) => ({
    text: char,
    x: (offset + index) * cellWidth + (cellWidth - metrics.measure(char) * size) / 2,
    y,
  }));
  return { fontSize: size, items, fits: widthFit >= MIN_FONT_SIZE && chars.length <= cells };
}

// Line pitch as a multiple of the glyph extent; 1.1 keeps accents and descenders apart.
const LINE_SPACING = 1.1;

function layoutMulti(request: LayoutRequest): TextLayout {
  const { text, width, height, metrics } = request;
  const extent = metrics.ascent - metrics.descent;
  const paragraphs = tokenize(text);
  const widthOf = memoized(metrics.measure);
  const tallerThanBox = (count: number, size: number): boolean =>
    ((count - 1) * LINE_SPACING + 1) * extent * size > height + 0.01;
  const place = (size: number): { lines: string[]; fits: boolean } => {
    // Above the minimum size a layout that does not fit is dropped, so wrapping stops as soon
    // as there are too many lines; at the minimum its lines are drawn and all are needed.
    const lines = wrapParagraphs(
      paragraphs,
      width / size,
      widthOf,
      size > MIN_FONT_SIZE ? (count) => tallerThanBox(count, size) : undefined,
    );
    const widest = Math.max(0, ...lines.map((line) => widthOf(line) * size));
    return { lines, fits: !tallerThanBox(lines.length, size) && widest <= width + 0.01 };
  };
  let size = request.fontSize > 0 ? request.fontSize : MAX_AUTO_FONT_SIZE;
  let placed = place(size);
  while (!placed.fits && size > MIN_FONT_SIZE) {
    size = Math.max(MIN_FONT_SIZE, size - (size > 8 ? 0.5 : 0.25));
    placed = place(size);
  }
  size = roundSize(size);
  const items = placed.lines.map((line, index) => ({
    text: line,
    x: alignedX(request.alignment, width, widthOf(line) * size),
    y: height - metrics.ascent * size - index * LINE_SPACING * extent * size,
  }));
  return { fontSize: size, items, fits: placed.fits };
}

/**
 * Lays out a field value: one line, wrapped lines, or one character per comb cell. Shrinks
 * the font (from the /DA size, or 12 pt for auto) down to the minimum before giving up;
 * `fits` tells whether everything is visible.
 */
export function layoutText(request: LayoutRequest): TextLayout {
  if (request.mode === 'comb') {
    return layoutComb(request);
  }
  if (request.mode === 'multi') {
    return layoutMulti(request);
  }
  return layoutSingle(request);
}
