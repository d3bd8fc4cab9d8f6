// The cells of a form's tables: the smallest rectangles that horizontal and vertical rules
// enclose. Many forms leave a table's outer sides undrawn (the cents column of a tax return
// ends where its rules end), so a cell may also close on the common end of its top and bottom
// rules when its other side is a drawn vertical.
import type { DisplayedRect, HorizontalRule, VerticalRule } from './find-types.ts';

const TOUCH = 2; // pt
const MIN_CELL_WIDTH = 4;
const MIN_CELL_HEIGHT = 4;
const MAX_GRID_RULES = 1500; // beyond this a page is a drawing, not a form

/** A side of a cell: a drawn vertical, or the end of the top rule (`open`). */
type Side = { x: number; y1: number; open: boolean };

function sidesUnder(top: HorizontalRule, vertical: readonly VerticalRule[]): Side[] {
  const drawn: Side[] = vertical
    .filter(
      (v) =>
        v.x >= top.x0 - TOUCH &&
        v.x <= top.x1 + TOUCH &&
        v.y0 <= top.y + TOUCH &&
        v.y1 > top.y + MIN_CELL_HEIGHT,
    )
    .map((v) => ({ x: v.x, y1: v.y1, open: false }));
  const ends: Side[] = [top.x0, top.x1]
    .filter((x) => !drawn.some((s) => Math.abs(s.x - x) <= TOUCH))
    .map((x) => ({ x, y1: Number.POSITIVE_INFINITY, open: true }));
  return [...drawn, ...ends].sort((a, b) => a.x - b.x);
}

/** The nearest rule under `top` that spans from `left` to `right` (and ends at an open side). */
function bottomOf(
  top: HorizontalRule,
  left: Side,
  right: Side,
  horizontal: readonly HorizontalRule[],
): number {
  const reach = Math.min(left.y1, right.y1) + TOUCH;
  let bottom = Number.POSITIVE_INFINITY;
  for (const h of horizontal) {
    const closesOpenSide =
      (!left.open || Math.abs(h.x0 - left.x) <= TOUCH) &&
      (!right.open || Math.abs(h.x1 - right.x) <= TOUCH);
    if (
      h.y > top.y + MIN_CELL_HEIGHT &&
      h.y <= reach &&
      h.y < bottom &&
      h.x0 <= left.x + TOUCH &&
      h.x1 >= right.x - TOUCH &&
      closesOpenSide
    ) {
      bottom = h.y;
    }
  }
  return bottom;
}

/** The smallest rectangles that the rules enclose. */
export function findGridCells(
  horizontal: readonly HorizontalRule[],
  vertical: readonly VerticalRule[],
): DisplayedRect[] {
  if (horizontal.length + vertical.length > MAX_GRID_RULES) {
    return [];
  }
  const cells = new Map<string, DisplayedRect>();
  for (const top of horizontal) {
    const sides = sidesUnder(top, vertical);
    for (let k = 0; k + 1 < sides.length; k++) {
      const left = sides[k]!;
      const right = sides.slice(k + 1).find((v) => v.x - left.x >= MIN_CELL_WIDTH);
      // Two open ends are two rules one above the other: lines to write on, judged as rules.
      if (!right || (left.open && right.open)) {
        continue;
      }
      const bottom = bottomOf(top, left, right, horizontal);
      if (Number.isFinite(bottom)) {
        const rect: DisplayedRect = [left.x, top.y, right.x, bottom];
        cells.set(rect.map((n) => Math.round(n)).join(','), rect);
      }
    }
  }
  return [...cells.values()];
}
