// Boxes the rules cannot see (issue 29, ninth pass): a white box drawn white on a white page (the
// page shows nothing, but the author laid out room to write), and a box with rounded corners (a
// closed curve draws no rules, so no cell). As plain rules both were dropped for their false
// fields (decisions.md, seventh pass). One kind is now a rule, judged by repository
// (decisions.md, ninth pass): an empty white box one line of writing high and narrower than most
// of the page, at a strength that only a caption lifts over the cut — IRS 1040 amount boxes, the
// Ulm travel form's entry lines. Everything else stays in the wide reading, at strength 0 with
// its reason, for the learned scorer and the leave-one-repository-out table to judge.
import type { DisplayedRect, PaintedBox, RawCandidate, TextRun } from './find-types.ts';
import { areaOf, centreOf, containsPoint, lightnessOf } from './rect-math.ts';

const PAPER = 0.95; // lightness from which a fill is paper white
const MIN_WIDTH = 16; // pt: room for a few characters
const MIN_HEIGHT = 8.25; // pt: as a cell's free part (find-cells.ts)
const MAX_HEIGHT = 120; // pt: taller is a panel, not a box to write in
const BOX_MIN = 4.5; // pt: the smallest checkbox anyone draws
const BOX_MAX = 22;
const LINE_HEIGHT = 20; // pt: a white box this low holds one line of writing
const MAX_PAGE_SHARE = 0.6; // of the page's width: a wider white band is layout, not a box
// Under the cut until a caption adds its 0.1 (without one, −0.1): a white box nobody names is
// a mask or a layout band far more often than a field.
const CAPTIONED_STRENGTH = 0.45;

type Context = {
  page: number;
  pageWidth: number;
  pageArea: number;
  /** Keep what the rules turn down, at strength 0, for the learned scorer (the wide reading). */
  wide?: boolean;
  boxes: readonly PaintedBox[];
  words: readonly TextRun[];
};

/** The fill under the box's centre (the smallest larger filled box holding it), else paper. */
function backgroundOf(box: PaintedBox, filled: readonly PaintedBox[]): string {
  const [cx, cy] = centreOf(box.rect);
  let best: PaintedBox | null = null;
  for (const other of filled) {
    if (
      other !== box &&
      areaOf(other.rect) > areaOf(box.rect) &&
      containsPoint(other.rect, cx, cy) &&
      (best === null || areaOf(other.rect) < areaOf(best.rect))
    ) {
      best = other;
    }
  }
  return best?.fill ?? '#ffffff';
}

function isEmpty(rect: DisplayedRect, words: readonly TextRun[]): boolean {
  return !words.some((w) => {
    const [x, y] = centreOf(w.rect);
    return containsPoint(rect, x, y);
  });
}

function isCheckSize(rect: DisplayedRect): boolean {
  const [w, h] = [rect[2] - rect[0], rect[3] - rect[1]];
  return w >= BOX_MIN && w <= BOX_MAX && h >= BOX_MIN && h <= BOX_MAX && Math.abs(w - h) <= 2;
}

function candidateIn(
  ctx: Context,
  rect: DisplayedRect,
  rejectedBy: 'white-on-white' | 'rounded',
): RawCandidate | null {
  const [w, h] = [rect[2] - rect[0], rect[3] - rect[1]];
  if (areaOf(rect) > 0.5 * ctx.pageArea || !isEmpty(rect, ctx.words)) {
    return null;
  }
  if (isCheckSize(rect)) {
    return { page: ctx.page, rect, kind: 'box', strength: 0, rejectedBy };
  }
  if (w < MIN_WIDTH || h < MIN_HEIGHT || h > MAX_HEIGHT) {
    return null;
  }
  const inner: DisplayedRect = [rect[0] + 0.5, rect[1] + 0.5, rect[2] - 0.5, rect[3] - 0.5];
  if (rejectedBy === 'white-on-white' && isOneLine(ctx, rect)) {
    return { page: ctx.page, rect: inner, kind: 'white-box', strength: CAPTIONED_STRENGTH };
  }
  return { page: ctx.page, rect: inner, kind: 'white-box', strength: 0, rejectedBy };
}

/** A box one line of writing high, and not a band across most of the page. */
function isOneLine(ctx: Context, rect: DisplayedRect): boolean {
  const [w, h] = [rect[2] - rect[0], rect[3] - rect[1]];
  return h <= LINE_HEIGHT && w <= MAX_PAGE_SHARE * ctx.pageWidth;
}

/**
 * Empty white boxes on white (no stroke the rules read) and empty rounded stroked boxes: the
 * one-line white boxes as candidates, the rest only in the wide reading.
 */
export function findHiddenBoxes(ctx: Context): RawCandidate[] {
  const filled = ctx.boxes.filter((b) => b.fill !== null);
  const out: RawCandidate[] = [];
  for (const box of ctx.boxes) {
    let found: RawCandidate | null = null;
    if (box.rounded === true && box.stroked) {
      found = candidateIn(ctx, box.rect, 'rounded');
    } else if (
      box.fill !== null &&
      !box.stroked &&
      lightnessOf(box.fill) >= PAPER &&
      lightnessOf(backgroundOf(box, filled)) >= PAPER
    ) {
      found = candidateIn(ctx, box.rect, 'white-on-white');
    }
    if (found !== null && (ctx.wide === true || found.rejectedBy === undefined)) {
      out.push(found);
    }
  }
  return out;
}
