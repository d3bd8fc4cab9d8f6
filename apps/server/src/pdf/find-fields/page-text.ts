// The printed text of a page split into what it means for field finding: captions (words),
// fill-in leaders (underscore and dot runs), ballot glyphs (☐, symbol-font boxes) and "[ ]".
// Positions inside a text item are spread by character count: close enough for runs of one
// repeated character, which is all that needs a position inside an item.
import type { PageFrame } from '../detect/pdf-geometry.ts';
import { toDisplayedPoint } from '../detect/pdf-geometry.ts';
import type { DisplayedRect, TextRun } from './find-types.ts';

export type Leader = { rect: DisplayedRect; size: number; dots: boolean; baseline: number };
export type Glyph = { rect: DisplayedRect; radio: boolean; bracket: boolean };
export type PageText = { words: TextRun[]; leaders: Leader[]; glyphs: Glyph[] };

type RawItem = { str: string; transform: number[]; width: number; height: number; font: string };

const LEADER = /_{3,}|\.{5,}|…{2,}|(?:\. ){4,}\.?/gu;
const BALLOT = /[☐□❏❐❑❒◻⬜▢]/u;
const ROUND = /[○◯❍]/u;
const BRACKETS = /\[\s{0,3}\]/gu;
/** Symbol-font codes that draw an empty box: Wingdings o p q r ¨, Wingdings 2 £ and *. */
const SYMBOL_BOX = /^[opqr¨£\u00a3]$/u;
const PRIVATE_SYMBOL = /^[\uf020-\uf0ff]$/u;
/** Webdings draws its empty box at "c" (Wingdings has a zodiac sign there). */
const WEBDINGS_BOX = /^c$/u;

function isSymbolFont(font: string): boolean {
  return /wingding|dingbat|webding|symbol/iu.test(font);
}

/** Displayed rect of characters [from, to) of an item whose text runs along its transform. */
function spanRect(item: RawItem, from: number, to: number, frame: PageFrame): DisplayedRect | null {
  const [a = 0, b = 0, , , e = 0, f = 0] = item.transform;
  const scale = Math.hypot(a, b);
  if (scale === 0 || !Number.isFinite(e) || !Number.isFinite(f) || item.str.length === 0) {
    return null;
  }
  const [cos, sin] = [a / scale, b / scale];
  const h = item.height > 0 ? item.height : scale;
  const unit = item.width / item.str.length;
  const s = from * unit;
  const t = to * unit;
  const corners: [number, number][] = [
    [e + s * cos, f + s * sin],
    [e + t * cos, f + t * sin],
    [e + t * cos - h * sin, f + t * sin + h * cos],
    [e + s * cos - h * sin, f + s * sin + h * cos],
  ];
  const pts = corners.map(([x, y]) => toDisplayedPoint(x, y, frame));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function toRawItem(value: unknown, fontNames: (id: string) => string): RawItem | null {
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const v = value as Record<string, unknown>;
  if (
    typeof v.str !== 'string' ||
    v.str === '' ||
    !Array.isArray(v.transform) ||
    typeof v.width !== 'number' ||
    typeof v.height !== 'number'
  ) {
    return null;
  }
  const font = typeof v.fontName === 'string' ? fontNames(v.fontName) : '';
  return { str: v.str, transform: v.transform as number[], width: v.width, height: v.height, font };
}

/** Private-use symbol codes (U+F0xx) as the byte they stand for. */
function symbolChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  return code >= 0xf020 && code <= 0xf0ff ? String.fromCodePoint(code - 0xf000) : ch;
}

/** Split one text item into words, leaders and glyphs. */
function splitItem(item: RawItem, frame: PageFrame, out: PageText): void {
  const marks: { from: number; to: number; kind: 'leader' | 'glyph' | 'bracket' | 'radio' }[] = [];
  for (const m of item.str.matchAll(LEADER)) {
    marks.push({ from: m.index, to: m.index + m[0].length, kind: 'leader' });
  }
  for (const m of item.str.matchAll(BRACKETS)) {
    marks.push({ from: m.index, to: m.index + m[0].length, kind: 'bracket' });
  }
  const symbolFont = isSymbolFont(item.font);
  [...item.str].forEach((ch, index) => {
    // pdf.js gives a symbol font's codes as U+F0xx when the font maps them to nothing, and its
    // name is not always known (a subset, a Type 3 copy): the code alone tells the font's kind.
    const symbol = symbolFont || PRIVATE_SYMBOL.test(ch);
    const c = symbol ? symbolChar(ch) : ch;
    const isBox = /webding/iu.test(item.font) ? WEBDINGS_BOX.test(c) : SYMBOL_BOX.test(c);
    if (BALLOT.test(c) || (symbol && isBox)) {
      marks.push({ from: index, to: index + 1, kind: 'glyph' });
    } else if (ROUND.test(c)) {
      marks.push({ from: index, to: index + 1, kind: 'radio' });
    }
  });
  marks.sort((p, q) => p.from - q.from);
  let cursor = 0;
  const size = Math.hypot(item.transform[0] ?? 0, item.transform[1] ?? 0) || item.height || 10;
  const pushWords = (from: number, to: number) => {
    const text = item.str.slice(from, to);
    const rect = /\S/u.test(text) ? spanRect(item, from, to, frame) : null;
    if (rect) {
      out.words.push({ text, rect, size, font: item.font });
    }
  };
  for (const mark of marks) {
    if (mark.from < cursor) {
      continue;
    }
    pushWords(cursor, mark.from);
    const rect = spanRect(item, mark.from, mark.to, frame);
    if (rect) {
      if (mark.kind === 'leader') {
        const dots = !item.str.slice(mark.from, mark.to).includes('_');
        out.leaders.push({ rect, size, dots, baseline: rect[3] });
      } else {
        out.glyphs.push({ rect, radio: mark.kind === 'radio', bracket: mark.kind === 'bracket' });
      }
    }
    cursor = mark.to;
  }
  pushWords(cursor, item.str.length);
}

const LEADER_JOIN = 2; // pt between two runs on one baseline that are one leader
// pt between two dot runs with nothing legible between them: the pieces of one blank, as a date's
// "…/…/…" or a run cut by a producer into dots and ellipsis characters.
const DOT_JOIN = 7;
/** A word of two or more dots or ellipses, shorter than a leader: a piece of one. */
const DOT_PIECE = /^[\s.…]*[.…][\s.…]*[.…][\s.…]*$/u;
/** A leader, or a word of dots (`piece`) that is one only once it joins a leader. */
type Run = Leader & { piece?: boolean };

/**
 * Items by the whole point their baseline falls in, so that the items near one baseline are read
 * from a few buckets instead of the whole page: a page of dot leaders (a table of contents, a
 * dotted form) has thousands of runs, and comparing every run with every other took seconds.
 */
class BaselineIndex<T> {
  private readonly buckets = new Map<number, T[]>();

  add(baseline: number, item: T): void {
    const key = Math.floor(baseline);
    const bucket = this.buckets.get(key);
    if (bucket) {
      bucket.push(item);
    } else {
      this.buckets.set(key, [item]);
    }
  }

  /**
   * The buckets that can hold an item within `reach` pt of `baseline`, each in the order its
   * items were added. One bucket more each side than the reach needs: a distance computed in
   * floating point may round to within reach across one more whole point.
   */
  near(baseline: number, reach: number): (readonly T[])[] {
    const key = Math.floor(baseline);
    const near: (readonly T[])[] = [];
    for (let offset = -reach - 1; offset <= reach + 1; offset++) {
      const bucket = this.buckets.get(key + offset);
      if (bucket) {
        near.push(bucket);
      }
    }
    return near;
  }
}

/**
 * Leader runs that continue one another on one baseline, joined: a producer may cut one run of
 * dots into several text items, and each piece is not a field of its own. Dot runs join across
 * a small gap with no letter or digit in it, and short runs of dots printed as words count as
 * pieces, so that a blank cut into pieces is as long as it looks.
 */
export function joinLeaders(leaders: readonly Leader[], words: readonly TextRun[] = []): Leader[] {
  const pieces = words
    .filter((w) => DOT_PIECE.test(w.text))
    .map((w): Run => ({
      rect: w.rect,
      size: w.size,
      dots: true,
      baseline: w.rect[3],
      piece: true,
    }));
  const legible = new BaselineIndex<TextRun>();
  for (const word of words.filter((w) => /[\p{L}\p{N}]/u.test(w.text))) {
    legible.add(word.rect[3], word);
  }
  const isClear = (x0: number, x1: number, baseline: number) => {
    for (const bucket of legible.near(baseline, 3)) {
      const blocks = bucket.some(
        (w) => Math.abs(w.rect[3] - baseline) <= 3 && w.rect[0] < x1 - 0.5 && w.rect[2] > x0 + 0.5,
      );
      if (blocks) {
        return false;
      }
    }
    return true;
  };
  const continues = (o: Run, leader: Run) =>
    o.dots === leader.dots &&
    Math.abs(o.baseline - leader.baseline) <= 1 &&
    leader.rect[0] >= o.rect[0] &&
    (leader.rect[0] - o.rect[2] <= LEADER_JOIN ||
      (leader.dots &&
        leader.rect[0] - o.rect[2] <= DOT_JOIN &&
        isClear(o.rect[2], leader.rect[0], leader.baseline)));
  const sorted: Run[] = [...leaders, ...pieces].sort(
    (a, b) => a.baseline - b.baseline || a.rect[0] - b.rect[0],
  );
  const out: Run[] = [];
  // Positions in `out` by baseline (a run's baseline never changes as it grows).
  const placed = new BaselineIndex<number>();
  for (const leader of sorted) {
    // The earliest run it continues, as a scan of all of `out` in order would find.
    let first = -1;
    for (const bucket of placed.near(leader.baseline, 1)) {
      const at = bucket.find((index) => continues(out[index]!, leader));
      if (at !== undefined && (first === -1 || at < first)) {
        first = at;
      }
    }
    const prev = first === -1 ? undefined : out[first];
    if (prev) {
      prev.piece = prev.piece === true && leader.piece === true;
      prev.rect = [
        prev.rect[0],
        Math.min(prev.rect[1], leader.rect[1]),
        Math.max(prev.rect[2], leader.rect[2]),
        Math.max(prev.rect[3], leader.rect[3]),
      ];
    } else {
      placed.add(leader.baseline, out.length);
      out.push({ ...leader });
    }
  }
  // Pieces joined to no leader stay words: "..." in a sentence is an ellipsis.
  return out
    .filter((l) => l.piece !== true)
    .map(({ rect, size, dots, baseline }) => ({ rect, size, dots, baseline }));
}

/** A page's text content (pdf.js getTextContent items) split for the field finder. */
export function splitPageText(
  items: readonly unknown[],
  frame: PageFrame,
  fontNames: (id: string) => string,
): PageText {
  const out: PageText = { words: [], leaders: [], glyphs: [] };
  for (const value of items) {
    const item = toRawItem(value, fontNames);
    if (item) {
      splitItem(item, frame, out);
    }
  }
  return { ...out, leaders: joinLeaders(out.leaders, out.words) };
}
