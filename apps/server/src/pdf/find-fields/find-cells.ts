// Fields in boxes: the cells that horizontal and vertical rules enclose (a stroked rectangle is a
// one-cell table), shaded entry boxes, and comb rows (≥ 4 equal abutting empty cells → one field
// with that many characters). A cell holding only a caption at its top or left is a field in the
// space left; a cell full of text is not a field.
import type { DisplayedRect, PaintedBox, RawCandidate, TextRun } from './find-types.ts';
import { areaOf, centreOf, containsPoint, intersectionArea, lightnessOf } from './rect-math.ts';
import { splitTableBodies, type CellArea } from './table-rows.ts';
import { captionGaps, isCaptionCell } from './caption-cells.ts';

const BOX_MIN = 4.5; // pt: the smallest checkbox anyone draws
const BOX_MAX = 22;
const MIN_TEXT_WIDTH = 16;
const MIN_TEXT_HEIGHT = 7;
// A free part lower than this is a cell's padding or a table's spacer row (none of 148 on the
// development forms was a field); 8.5 pt still holds 6-pt text.
const MIN_FIELD_HEIGHT = 8.25;
const MULTILINE_HEIGHT = 34;
const COMB_MIN = 4;
const COMB_MAX_CELL = 30;
const COMB_MIN_CELL = 6.5; // pt: room for one handwritten character
const TICK_CELL_MAX_WIDTH = 40;
const TICK_CELL_MAX_HEIGHT = 24;
const ROW_COVER = 0.8; // share of a caption cell's height that its entry cells span

type Context = {
  page: number;
  pageWidth: number;
  pageHeight: number;
  words: readonly TextRun[];
  /** Filled rectangles of the page, to tell a tinted heading bar from a white entry cell. */
  fills?: readonly PaintedBox[];
  /** Keep what the rules turn down, at strength 0, for the learned scorer (the wide reading). */
  wide?: boolean;
};

const TINT = 0.95; // lightness under which a fill is a tint, not paper white

/**
 * Whether the cell lies on a tinted fill (the smallest filled rectangle holding most of it): a
 * form tints its headings and caption cells and leaves the room to write in white.
 */
export function isTinted(cell: DisplayedRect, fills: readonly PaintedBox[]): boolean {
  const area = areaOf(cell);
  let best: PaintedBox | null = null;
  for (const f of fills) {
    if (
      f.fill !== null &&
      intersectionArea(f.rect, cell) >= 0.9 * area &&
      (best === null || areaOf(f.rect) < areaOf(best.rect))
    ) {
      best = f;
    }
  }
  return best !== null && lightnessOf(best.fill) < TINT;
}

/**
 * A filled box that stands out from what it is drawn on; `lighter` when it is paler than that
 * (a white box on a tinted panel: room left to write in, as a cell is).
 */
export type ShadedBox = { rect: DisplayedRect; lighter: boolean };

/**
 * Filled boxes that stand out from what they are drawn on (a white box on a tinted panel, a tinted
 * box on the page): entry boxes in forms that draw no borders.
 */
export function findShadedBoxes(boxes: readonly PaintedBox[], pageArea: number): ShadedBox[] {
  const filled = boxes.filter((b) => b.fill !== null);
  const out: ShadedBox[] = [];
  for (const box of filled) {
    const [w, h] = [box.rect[2] - box.rect[0], box.rect[3] - box.rect[1]];
    if (w * h > pageArea * 0.5 || w < BOX_MIN || h < BOX_MIN) {
      continue;
    }
    const [cx, cy] = centreOf(box.rect);
    let background = '#ffffff';
    let backgroundArea = Number.POSITIVE_INFINITY;
    for (const other of filled) {
      const area = (other.rect[2] - other.rect[0]) * (other.rect[3] - other.rect[1]);
      if (
        other !== box &&
        area > w * h &&
        area < backgroundArea &&
        containsPoint(other.rect, cx, cy)
      ) {
        background = other.fill ?? background;
        backgroundArea = area;
      }
    }
    const lightness = lightnessOf(box.fill);
    const contrast = lightness - lightnessOf(background);
    if (lightness >= 0.6 && Math.abs(contrast) >= 0.05) {
      out.push({ rect: box.rect, lighter: contrast > 0 });
    }
  }
  return out;
}

function isSquareBox(r: DisplayedRect): boolean {
  const [w, h] = [r[2] - r[0], r[3] - r[1]];
  return (
    w >= BOX_MIN &&
    w <= BOX_MAX &&
    h >= BOX_MIN &&
    h <= BOX_MAX &&
    Math.abs(w - h) <= Math.max(2, 0.2 * w)
  );
}

/** The part of a cell free for writing, or null when the cell is full of text. */
function freePart(cell: DisplayedRect, words: readonly TextRun[]): DisplayedRect | null {
  const inside = words.filter((w) => {
    const [x, y] = centreOf(w.rect);
    return containsPoint(cell, x, y);
  });
  const [x0, y0, x1, y1] = cell;
  if (inside.length === 0) {
    return [x0 + 0.5, y0 + 0.5, x1 - 0.5, y1 - 0.5];
  }
  const textBottom = Math.max(...inside.map((w) => w.rect[3]));
  const textRight = Math.max(...inside.map((w) => w.rect[2]));
  if (textBottom <= y0 + 0.6 * (y1 - y0) && y1 - textBottom >= MIN_TEXT_HEIGHT + 2) {
    return [x0 + 0.5, textBottom + 1, x1 - 0.5, y1 - 0.5];
  }
  if (textRight <= x0 + 0.65 * (x1 - x0) && x1 - textRight >= 30) {
    return [textRight + 2, y0 + 0.5, x1 - 0.5, y1 - 0.5];
  }
  return null;
}

/** Runs of ≥ 4 equal abutting empty cells on one row. */
function findCombRows(cells: readonly DisplayedRect[]): DisplayedRect[][] {
  const small = cells
    .filter(
      (c) =>
        c[2] - c[0] <= COMB_MAX_CELL &&
        c[2] - c[0] >= COMB_MIN_CELL &&
        c[3] - c[1] >= COMB_MIN_CELL,
    )
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const rows: DisplayedRect[][] = [];
  let run: DisplayedRect[] = [];
  const flush = () => {
    if (run.length >= COMB_MIN) {
      rows.push(run);
    }
    run = [];
  };
  for (const cell of small) {
    const prev = run[run.length - 1];
    const width = cell[2] - cell[0];
    const isNext =
      prev !== undefined &&
      Math.abs(prev[1] - cell[1]) <= 1 &&
      Math.abs(prev[3] - cell[3]) <= 1 &&
      Math.abs(cell[0] - prev[2]) <= 1.5 &&
      Math.abs(width - (prev[2] - prev[0])) <= 1.5;
    if (!isNext) {
      flush();
    }
    run.push(cell);
  }
  flush();
  return rows;
}

/**
 * A small empty cell in a row of ≥ 3 like it (a choice matrix: one tick per cell, as in course
 * selection or rating grids), rather than room to write in.
 */
function isTickCell(
  rect: DisplayedRect,
  cells: readonly DisplayedRect[],
  isEmpty: (c: DisplayedRect) => boolean,
): boolean {
  const [w, h] = [rect[2] - rect[0], rect[3] - rect[1]];
  if (w > TICK_CELL_MAX_WIDTH || h > TICK_CELL_MAX_HEIGHT || w > 2.5 * h || !isEmpty(rect)) {
    return false;
  }
  const alike = cells.filter(
    (c) =>
      Math.abs(c[1] - rect[1]) <= 1 &&
      Math.abs(c[3] - rect[3]) <= 1 &&
      Math.abs(c[2] - c[0] - w) <= 3 &&
      isEmpty(c),
  );
  return alike.length >= 3;
}

const DATA_ROW_MIN = 2;
/**
 * Whether `rect` holds text and lies in a row of ≥ 2 abutting cells of its height that all hold
 * text: a table of data (an invoice's lines, a document's table), where the room beside short
 * text is the column's width, not a place to write. A form's row leaves its entry cells empty.
 */
function isDataRow(
  rect: DisplayedRect,
  cells: readonly DisplayedRect[],
  words: readonly TextRun[],
): boolean {
  // A caption names the room in its own cell, whatever its neighbours hold.
  if (!holdsDatum(rect, words) || isCaptionCell(rect, freePart(rect, words), cells, words)) {
    return false;
  }
  const sameRow = cells.filter(
    (c) => Math.abs(c[1] - rect[1]) <= 1.5 && Math.abs(c[3] - rect[3]) <= 1.5,
  );
  const row = [rect];
  for (let grew = true; grew;) {
    grew = false;
    for (const c of sameRow) {
      if (
        !row.includes(c) &&
        row.some((r) => Math.abs(c[0] - r[2]) <= 2 || Math.abs(c[2] - r[0]) <= 2)
      ) {
        row.push(c);
        grew = true;
      }
    }
  }
  if (row.length < DATA_ROW_MIN || !row.every((c) => holdsDatum(c, words))) {
    return false;
  }
  // A row of captions leaves room under each; a row of data has none, or a cell it fills.
  const frees = row.map((c) => freePart(c, words));
  return frees.some((f) => f === null) || frees.every((f, k) => f![1] === row[k]![1] + 0.5);
}

/**
 * Whether a cell holding text is a row's caption: the cells abutting its right side, within its
 * height and covering most of it, hold no letters or digits (entry cells, or "+" and "=" sums).
 * The caption names them; the room beside it in its own cell is padding, not a second field.
 */
export function isRowCaption(
  rect: DisplayedRect,
  cells: readonly DisplayedRect[],
  words: readonly TextRun[],
): boolean {
  if (!holdsDatum(rect, words)) {
    return false;
  }
  const right = cells.filter(
    (c) =>
      Math.abs(c[0] - rect[2]) <= 2 &&
      c[1] >= rect[1] - 2 &&
      c[3] <= rect[3] + 2 &&
      c[2] - c[0] >= COMB_MIN_CELL,
  );
  const height = right.reduce((s, c) => s + c[3] - c[1], 0);
  return (
    right.length > 0 &&
    height >= ROW_COVER * (rect[3] - rect[1]) &&
    right.every((c) => !holdsDatum(c, words))
  );
}

/** Free room wide and tall enough to write in. */
function isRoomy(free: DisplayedRect | null): free is DisplayedRect {
  return (
    free !== null && free[2] - free[0] >= MIN_TEXT_WIDTH && free[3] - free[1] >= MIN_FIELD_HEIGHT
  );
}

/** A cell with letters or digits in it. */
function holdsDatum(cell: DisplayedRect, words: readonly TextRun[]): boolean {
  return words.some((w) => {
    const [x, y] = centreOf(w.rect);
    return containsPoint(cell, x, y) && /[\p{L}\p{N}]/u.test(w.text);
  });
}

/** Candidates from enclosed cells and shaded boxes. */
export function findCellFields(
  ctx: Context,
  cells: readonly DisplayedRect[],
  shaded: readonly ShadedBox[],
): RawCandidate[] {
  const out: RawCandidate[] = [];
  const isEmpty = (c: DisplayedRect) =>
    !ctx.words.some((w) => {
      const [x, y] = centreOf(w.rect);
      return containsPoint(c, x, y);
    });
  const combed = new Set<DisplayedRect>();
  for (const row of findCombRows(cells.filter(isEmpty))) {
    row.forEach((c) => combed.add(c));
    const first = row[0]!;
    const last = row[row.length - 1]!;
    out.push({
      page: ctx.page,
      rect: [first[0], first[1], last[2], last[3]],
      kind: 'comb',
      strength: 0.85,
      maxLen: row.length,
    });
  }
  // Columns empty or with only their number or heading at the top: candidate table bodies.
  const columns = cells
    .filter((cell) => cell[3] - cell[1] <= 0.5 * ctx.pageHeight)
    .map((cell) => ({ cell, free: freePart(cell, ctx.words) }))
    .filter((a): a is CellArea => a.free !== null && a.free[0] === a.cell[0] + 0.5);
  const bodies = splitTableBodies(ctx.page, columns);
  out.push(...bodies.rows);
  const all = [
    ...cells
      .filter((rect) => !bodies.divided.has(rect))
      .map((rect) => ({ rect, shaded: false, white: false })),
    ...shaded.map((box) => ({ rect: box.rect, shaded: !box.lighter, white: box.lighter })),
  ];
  for (const { rect, shaded: isShaded, white } of all) {
    if (combed.has(rect)) {
      continue;
    }
    const [w, h] = [rect[2] - rect[0], rect[3] - rect[1]];
    if (isShaded && !isEmpty(rect)) {
      continue; // tinted cells holding text are headers and labels
    }
    if (isSquareBox(rect)) {
      if (isEmpty(rect)) {
        out.push({ page: ctx.page, rect, kind: 'box', strength: isShaded || white ? 0.7 : 0.85 });
      }
      continue;
    }
    if (h > 0.5 * ctx.pageHeight || (w > 0.8 * ctx.pageWidth && h > 120)) {
      continue; // a page frame or a panel, not an entry box
    }
    if (!isShaded && !white && isTickCell(rect, cells, isEmpty)) {
      const side = Math.max(BOX_MIN, Math.min(w, h) - 4);
      const [cx, cy] = centreOf(rect);
      const mark: DisplayedRect = [cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2];
      out.push({ page: ctx.page, rect: mark, kind: 'tick-cell', strength: 0.65 });
      continue;
    }
    const free = freePart(rect, ctx.words);
    if (
      free !== null &&
      !isShaded &&
      (isDataRow(rect, cells, ctx.words) ||
        isRowCaption(rect, cells, ctx.words) ||
        // Text at the left of a tinted bar, the room beside it: a heading, not a caption.
        (free[0] !== rect[0] + 0.5 && isTinted(rect, ctx.fills ?? [])))
    ) {
      if (ctx.wide === true && isRoomy(free)) {
        out.push({ page: ctx.page, rect: free, kind: 'cell', strength: 0, rejectedBy: 'data-row' });
      }
      continue;
    }
    if (!isShaded) {
      for (const gap of captionGaps(rect, ctx.words)) {
        out.push({ page: ctx.page, rect: gap, kind: 'cell', strength: 0.65 });
      }
    }
    // A column header names the empty cell under it; a cell holding only a sign ("+", "=",
    // "▶") before its writing room is an entry cell of a ruled sum, not a header.
    const isHeader =
      free !== null &&
      (free[0] !== rect[0] + 0.5 || free[1] !== rect[1] + 0.5) &&
      holdsDatum(rect, ctx.words) &&
      cells.some(
        (below) =>
          Math.abs(below[1] - rect[3]) <= 2 &&
          Math.abs(below[0] - rect[0]) <= 2 &&
          Math.abs(below[2] - rect[2]) <= 2 &&
          isEmpty(below),
      );
    if (free === null || !isRoomy(free)) {
      continue;
    }
    if (isHeader) {
      if (ctx.wide === true && !isShaded) {
        const kind = white ? 'white-box' : 'cell';
        out.push({ page: ctx.page, rect: free, kind, strength: 0, rejectedBy: 'column-header' });
      }
      continue;
    }
    const candidate: RawCandidate = {
      page: ctx.page,
      rect: free,
      kind: isShaded ? 'shaded-box' : white ? 'white-box' : 'cell',
      // Measured: tinted boxes are rarely entry boxes (1 in 76 on the corpus) unless a caption says so.
      strength: isShaded ? 0.35 : 0.65,
    };
    if (free[3] - free[1] >= MULTILINE_HEIGHT) {
      candidate.multiline = true;
    }
    out.push(candidate);
  }
  return out;
}

/** Checkbox and radio candidates from small circles and ballot glyphs. */
export function findMarkFields(
  page: number,
  circles: readonly { rect: DisplayedRect; fill: string | null }[],
  glyphs: readonly { rect: DisplayedRect; radio: boolean; bracket: boolean }[],
  words: readonly TextRun[],
): RawCandidate[] {
  const out: RawCandidate[] = [];
  for (const circle of circles) {
    // Filled dark dots are bullets; a radio button is an empty ring or a light disc. A ring
    // with text inside is a diagram's node.
    const isEmpty = !words.some((w) => {
      const [x, y] = centreOf(w.rect);
      return containsPoint(circle.rect, x, y);
    });
    if (isEmpty && (circle.fill === null || lightnessOf(circle.fill) >= 0.6)) {
      out.push({ page, rect: circle.rect, kind: 'circle', strength: 0.7 });
    }
  }
  for (const glyph of glyphs) {
    out.push({
      page,
      rect: glyph.rect,
      kind: glyph.radio ? 'circle' : glyph.bracket ? 'bracket' : 'glyph',
      strength: glyph.bracket ? 0.75 : 0.85,
    });
  }
  return out;
}
