// Whether the text in a table cell is a caption naming room to write, rather than a datum.
// A row of cells that all hold text looks like a table of data (an invoice's lines); but a form's
// row of captions ("Name: | Sex: | Rank:", "Finanzstelle | Haushaltsprogramm" over their room)
// holds text in every cell too. Two cues tell a caption anywhere: it ends in a colon or a sign
// pointing on to the room ("=", "▶"), or it sits at the cell's top with a line's room under it.
import type { DisplayedRect, TextRun } from './find-types.ts';
import { centreOf, containsPoint } from './rect-math.ts';

const CAPTION_END = /[:：=▶►→]\s*$/u;
const SAME_LINE = 3; // pt between the bottoms of words on one printed line
const STACK_EDGE = 2; // pt

/** The words whose centre lies in `cell`, in reading order. */
function wordsIn(cell: DisplayedRect, words: readonly TextRun[]): TextRun[] {
  return words
    .filter((w) => {
      const [x, y] = centreOf(w.rect);
      return containsPoint(cell, x, y);
    })
    .sort((a, b) =>
      Math.abs(a.rect[3] - b.rect[3]) <= SAME_LINE ? a.rect[0] - b.rect[0] : a.rect[3] - b.rect[3],
    );
}

/** Whether the last text printed in the cell ends as a caption does: "Name:", "Total =", "Firm ▶". */
export function endsAsCaption(cell: DisplayedRect, words: readonly TextRun[]): boolean {
  const inside = wordsIn(cell, words);
  const last = inside[inside.length - 1];
  return last !== undefined && CAPTION_END.test(last.text);
}

/** Whether a cell holding text lies right above or below `cell`, with the same left and right edges. */
function hasStackedText(
  cell: DisplayedRect,
  cells: readonly DisplayedRect[],
  words: readonly TextRun[],
): boolean {
  return cells.some(
    (c) =>
      c !== cell &&
      Math.abs(c[0] - cell[0]) <= STACK_EDGE &&
      Math.abs(c[2] - cell[2]) <= STACK_EDGE &&
      (Math.abs(c[1] - cell[3]) <= STACK_EDGE || Math.abs(c[3] - cell[1]) <= STACK_EDGE) &&
      wordsIn(c, words).some((w) => /[\p{L}\p{N}]/u.test(w.text)),
  );
}

/**
 * Whether a cell is a caption cell: its text ends as a caption, or its room to write (`free`, as
 * the cell finder measured it) lies under the text and no cell of text is stacked on it in the
 * same column — a table of data has its columns of text, top-aligned over rows that another
 * column's wrapped text made tall.
 */
export function isCaptionCell(
  cell: DisplayedRect,
  free: DisplayedRect | null,
  cells: readonly DisplayedRect[],
  words: readonly TextRun[],
): boolean {
  if (endsAsCaption(cell, words)) {
    return true;
  }
  const isUnder = free !== null && free[1] > cell[1] + 0.5;
  return isUnder && !hasStackedText(cell, cells, words);
}

const OPENS_ROOM = /[:：(]\s*$/u;
const MIN_GAP = 18; // pt: room for a few handwritten characters
const ONE_LINE_CELL = 24; // pt

/** Whether text ends in ":" or "(" or leaves a bracket open ("(Area code"). */
function opensRoom(text: string): boolean {
  const open = text.split('(').length - text.split(')').length;
  return OPENS_ROOM.test(text) || open > 0;
}

/**
 * The room inside a cell between a caption that opens it — "Area code (", "Le :" — and the next
 * text on its line ("( ____ ) ____" for a telephone number, "From: ____ To: ____"). The room
 * after the last text of the cell is the cell finder's own free part.
 */
export function captionGaps(cell: DisplayedRect, words: readonly TextRun[]): DisplayedRect[] {
  const inside = wordsIn(cell, words);
  const out: DisplayedRect[] = [];
  const isOneLine = cell[3] - cell[1] <= ONE_LINE_CELL;
  inside.forEach((w, k) => {
    const next = inside[k + 1];
    if (
      next === undefined ||
      Math.abs(next.rect[3] - w.rect[3]) > SAME_LINE ||
      next.rect[0] - w.rect[2] < MIN_GAP ||
      !opensRoom(w.text)
    ) {
      return;
    }
    const top = isOneLine ? cell[1] + 0.5 : Math.min(w.rect[1], next.rect[1]) - 2;
    const bottom = isOneLine ? cell[3] - 0.5 : Math.max(w.rect[3], next.rect[3]) + 2;
    out.push([w.rect[2] + 1, top, next.rect[0] - 1, bottom]);
  });
  return out;
}
