// Blank room after printed text, with no rule, box or leader to mark it (issue 29, eighth pass):
// "Name:           Date:" on a form that draws nothing to write on. As rules these were dropped
// for their false fields (decisions.md, seventh pass), so they exist only in the wide reading,
// at strength 0, for the learned scorer to judge with the rest of the page in view.
import type { TextPhrase } from '../detect/detect-labels.ts';
import type { DisplayedRect, RawCandidate, VerticalRule } from './find-types.ts';
import { centreOf, containsPoint, overlap1d } from './rect-math.ts';

const MIN_GAP = 24; // pt between two phrases on one line: room to write, not a word space
const MIN_END_ROOM = 40; // pt after the last phrase of a line, up to the line's end
const MAX_WIDTH = 320; // pt: wider room is the rest of a line of body text
const MARGIN = 24; // pt kept from the page's side when nothing closes the line
const PAD = 2; // pt kept from the text on either side
const FRAME_HEIGHT = 34; // pt: a cell this tall holds several lines (find-cells' multi-line)

type Context = {
  page: number;
  pageWidth: number;
  phrases: readonly TextPhrase[];
  vertical: readonly VerticalRule[];
  /** The page's cells; room inside a tall one is a line of a multi-line frame. */
  cells?: readonly DisplayedRect[];
};

/** Whether the room lies inside a cell tall enough to hold several lines of writing. */
function isInFrame(ctx: Context, rect: DisplayedRect): boolean {
  const [x, y] = centreOf(rect);
  return (ctx.cells ?? []).some((c) => c[3] - c[1] >= FRAME_HEIGHT && containsPoint(c, x, y));
}

function isSameLine(a: TextPhrase, b: TextPhrase): boolean {
  const h = Math.min(a.rect[3] - a.rect[1], b.rect[3] - b.rect[1]);
  return overlap1d(a.rect[1], a.rect[3], b.rect[1], b.rect[3]) >= 0.5 * h;
}

/** The first vertical rule right of x crossing the line [y0, y1], or the page's margin. */
function lineEnd(ctx: Context, x: number, y0: number, y1: number): number {
  let end = ctx.pageWidth - MARGIN;
  for (const v of ctx.vertical) {
    if (v.x > x + PAD && v.x < end && v.y0 <= y0 + 1 && v.y1 >= y1 - 1) {
      end = v.x;
    }
  }
  return end;
}

/** Room after each phrase up to the next phrase on its line, or the line's end. */
export function findBlankRoom(ctx: Context): RawCandidate[] {
  const out: RawCandidate[] = [];
  const byLeft = [...ctx.phrases].sort((a, b) => a.rect[0] - b.rect[0]);
  for (const phrase of byLeft) {
    if (!/\p{L}/u.test(phrase.text)) {
      continue;
    }
    const [, top, right, bottom] = phrase.rect;
    const next = byLeft.find((o) => o !== phrase && o.rect[0] >= right && isSameLine(phrase, o));
    const end = Math.min(lineEnd(ctx, right, top, bottom), next?.rect[0] ?? Infinity);
    const room = end - right;
    if (room < (next === undefined ? MIN_END_ROOM : MIN_GAP) || room > MAX_WIDTH) {
      continue;
    }
    const rect: DisplayedRect = [right + PAD, top - 1, end - PAD, bottom + 1];
    out.push({
      page: ctx.page,
      rect,
      kind: 'blank',
      strength: 0,
      rejectedBy: isInFrame(ctx, rect) ? 'frame-line' : 'blank',
    });
  }
  return out;
}
