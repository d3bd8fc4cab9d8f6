// Text fields written on a line: open-ended rules, underscore runs and dot leaders, plus comb
// rows drawn as ticks standing on a rule. Rules that are table edges, underlines of printed
// text or section separators are not fields.
import type { Leader } from './page-text.ts';
import type {
  DisplayedRect,
  HorizontalRule,
  RawCandidate,
  TextRun,
  VerticalRule,
} from './find-types.ts';
import { overlap1d } from './rect-math.ts';

const MIN_RULE = 24; // pt: shorter rules are decoration (or a box's edge, found as a box)
// Unless they stand in a column of ≥ 3 equal short rules, one per printed line: the blanks for
// a score or an amount down the margin of a questionnaire.
const SHORT_RULE = 14; // pt
const SHORT_COLUMN = 3;
const SAME_EDGE = 1.5; // pt
const MAX_RULE_WEIGHT = 3;
const FIELD_HEIGHT = 15; // pt: room for one line of 10-12 pt text above the rule
const MIN_FIELD_HEIGHT = 7;
// Free height above a rule for a line to write on: none of 34 rules with less was a field (development).
const MIN_ROOM = 8;
const END_TOUCH = 2.5; // pt: a vertical rule this close to a rule's end closes it
const END_TICK = 9; // pt: shorter uprights standing on a rule's ends are the ends of a line to write on
const COVERED = 0.55; // share of a rule under printed text that makes it an underline
const SEPARATOR_SHARE = 0.55; // of the page width
const BODY_LINE_SHARE = 0.6; // of a separator's length, for text under it to be body text
const MIN_COMB_TICKS = 5;
// A run of dots shorter than this is an ellipsis in a sentence: 47 of 54 on the development
// forms were not fields.
const MIN_DOT_LEADER = 26; // pt
const HEADING_SIZE = 1.5; // times the page's median text size

type Context = {
  page: number;
  pageWidth: number;
  words: readonly TextRun[];
  vertical: readonly VerticalRule[];
  horizontal: readonly HorizontalRule[];
  /** Keep what the rules turn down, at strength 0, for the learned scorer (the wide reading). */
  wide?: boolean;
};

/** Words sitting on the line at `y` (their baseline just above it) within [x0, x1]. */
function wordsOnLine(ctx: Context, x0: number, x1: number, y: number): TextRun[] {
  return ctx.words.filter(
    (w) =>
      overlap1d(w.rect[0], w.rect[2], x0, x1) > 0 &&
      w.rect[3] <= y + 2.5 &&
      w.rect[3] >= y - FIELD_HEIGHT &&
      (w.rect[1] + w.rect[3]) / 2 <= y,
  );
}

/** The free stretches of [x0, x1] not under any of `words`. */
function freeIntervals(x0: number, x1: number, words: readonly TextRun[]): [number, number][] {
  const spans = words
    .map((w) => [Math.max(x0, w.rect[0] - 2), Math.min(x1, w.rect[2] + 2)] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const free: [number, number][] = [];
  let cursor = x0;
  for (const [s, e] of spans) {
    if (s > cursor) {
      free.push([cursor, s]);
    }
    cursor = Math.max(cursor, e);
  }
  if (cursor < x1) {
    free.push([cursor, x1]);
  }
  return free;
}

/** How much room there is above the line at `y` over [x0, x1] before other ink (at least 7 pt). */
function roomAbove(ctx: Context, x0: number, x1: number, y: number): number {
  return Math.max(MIN_FIELD_HEIGHT, freeAbove(ctx, x0, x1, y));
}

/** The height free of text and rules above the line at `y` over [x0, x1], up to 15 pt. */
function freeAbove(ctx: Context, x0: number, x1: number, y: number): number {
  let top = y - FIELD_HEIGHT;
  for (const w of ctx.words) {
    if (overlap1d(w.rect[0], w.rect[2], x0, x1) > 1 && w.rect[3] < y - 2 && w.rect[3] > top) {
      top = w.rect[3];
    }
  }
  for (const r of ctx.horizontal) {
    if (overlap1d(r.x0, r.x1, x0, x1) > 1 && r.y < y - 2 && r.y > top) {
      top = r.y;
    }
  }
  return y - top - 0.5;
}

/**
 * Whether a vertical rule meets the rule's end at `x`. A tick rising less than a line's height
 * from the rule and ending on it does not: it closes an open box ("└────┘", the line to write
 * on of many administrations' forms), not a table's cell.
 */
function touchesEnd(ctx: Context, x: number, y: number): boolean {
  return ctx.vertical.some(
    (v) =>
      Math.abs(v.x - x) <= END_TOUCH &&
      v.y0 <= y + 2 &&
      v.y1 >= y - 2 &&
      v.y1 - v.y0 > 4 &&
      !(v.y1 <= y + 1 && v.y1 - v.y0 < END_TICK),
  );
}

/** Ticks standing on the rule, evenly spaced: a comb row with one cell between two ticks. */
function combTicks(ctx: Context, rule: HorizontalRule): VerticalRule[] | null {
  const ticks = ctx.vertical
    .filter(
      (v) =>
        v.x >= rule.x0 - 1.5 &&
        v.x <= rule.x1 + 1.5 &&
        Math.abs(v.y1 - rule.y) <= 1.5 &&
        v.y1 - v.y0 <= FIELD_HEIGHT + 6,
    )
    .sort((a, b) => a.x - b.x);
  if (ticks.length < MIN_COMB_TICKS) {
    return null;
  }
  const gaps = ticks.slice(1).map((t, k) => t.x - ticks[k]!.x);
  const mean = gaps.reduce((s, g) => s + g, 0) / gaps.length;
  const isEven = mean >= 6 && mean <= 30 && gaps.every((g) => Math.abs(g - mean) <= 0.2 * mean);
  return isEven ? ticks : null;
}

/** Whether a long rule with no caption on its line or just under it separates sections. */
function isSeparator(ctx: Context, rule: HorizontalRule): boolean {
  if (rule.x1 - rule.x0 < SEPARATOR_SHARE * ctx.pageWidth) {
    return false;
  }
  const captionedLeft = ctx.words.some(
    (w) =>
      overlap1d(w.rect[1], w.rect[3], rule.y - FIELD_HEIGHT, rule.y) > 2 &&
      w.rect[2] <= rule.x0 + 2 &&
      rule.x0 - w.rect[2] < 120,
  );
  // A caption printed under a rule is short; a line of text running most of the rule's length
  // is the body of the section the rule opens.
  const under = ctx.words.filter(
    (w) =>
      w.rect[1] >= rule.y &&
      w.rect[1] - rule.y < 10 &&
      overlap1d(w.rect[0], w.rect[2], rule.x0, rule.x1) > 0,
  );
  const underSpan =
    under.length > 0
      ? Math.max(...under.map((w) => w.rect[2])) - Math.min(...under.map((w) => w.rect[0]))
      : 0;
  const captionedUnder = under.length > 0 && underSpan < BODY_LINE_SHARE * (rule.x1 - rule.x0);
  return !captionedLeft && !captionedUnder;
}

/** Whether text right under the rule runs far past its end: footnotes under their rule. */
function isFootnoteRule(ctx: Context, rule: HorizontalRule): boolean {
  const length = rule.x1 - rule.x0;
  return ctx.words.some(
    (w) =>
      w.rect[1] >= rule.y - 1 &&
      w.rect[1] - rule.y < 12 &&
      w.rect[0] <= rule.x0 + 0.3 * length &&
      w.rect[2] > rule.x1 + 0.5 * length,
  );
}

/** Whether `w` belongs to a caption ending in a colon on its line (the last word before a gap). */
function isColonCaption(w: TextRun, onLine: readonly TextRun[]): boolean {
  let last = w;
  for (let grew = true; grew;) {
    grew = false;
    const next = onLine.find((o) => o.rect[0] >= last.rect[2] - 1 && o.rect[0] - last.rect[2] < 6);
    if (next && next !== last) {
      last = next;
      grew = true;
    }
  }
  return /:\s*$/u.test(last.text);
}

/** Whether ≥ 2 other rules of the same length start and end where `rule` does, each a line apart. */
function isInColumn(rule: HorizontalRule, rules: readonly HorizontalRule[]): boolean {
  const alike = rules.filter(
    (r) =>
      Math.abs(r.x0 - rule.x0) <= SAME_EDGE &&
      Math.abs(r.x1 - rule.x1) <= SAME_EDGE &&
      Math.abs(r.y - rule.y) >= FIELD_HEIGHT,
  );
  return alike.length + 1 >= SHORT_COLUMN;
}

/** Candidates from rules: open-ended rules under free space, and tick combs. */
export function findRuleFields(ctx: Context, rules: readonly HorizontalRule[]): RawCandidate[] {
  const out: RawCandidate[] = [];
  const sizes = ctx.words.map((w) => w.size).sort((a, b) => a - b);
  const bodySize = sizes[Math.floor(sizes.length / 2)] ?? Number.POSITIVE_INFINITY;
  for (const rule of rules) {
    const length = rule.x1 - rule.x0;
    const shortest = length < MIN_RULE && isInColumn(rule, rules) ? SHORT_RULE : MIN_RULE;
    if (length < shortest || rule.weight > MAX_RULE_WEIGHT) {
      continue;
    }
    const ticks = combTicks(ctx, rule);
    if (ticks) {
      const first = ticks[0]!;
      const last = ticks[ticks.length - 1]!;
      const top = Math.min(...ticks.map((t) => t.y0));
      out.push({
        page: ctx.page,
        rect: [first.x, Math.min(top, rule.y - MIN_FIELD_HEIGHT), last.x, rule.y],
        kind: 'comb',
        strength: 0.85,
        maxLen: ticks.length - 1,
      });
      continue;
    }
    if (touchesEnd(ctx, rule.x0, rule.y) && touchesEnd(ctx, rule.x1, rule.y)) {
      continue; // a table edge: its cells are judged as cells
    }
    const onLine = wordsOnLine(ctx, rule.x0, rule.x1, rule.y);
    const free = freeIntervals(rule.x0, rule.x1, onLine);
    const freeLength = free.reduce((s, [a, b]) => s + b - a, 0);
    // Text may run onto the start of a fill-in line ("Name ____" drawn as one rule), but text
    // printed on it after a gap is a table's header or body underlined, not a caption.
    const firstFree = free[0]?.[0] ?? rule.x1;
    // Unless each such text ends in a colon: captions sharing one rule ("City: ___ State: ___");
    // a sign without letters or digits ("%", "€", "/") is the entry's unit, not a header.
    const hasTextAfterGap = onLine.some(
      (w) =>
        w.rect[0] > firstFree + 1 && !isColonCaption(w, onLine) && /[\p{L}\p{N}]/u.test(w.text),
    );
    // A colon caption at the start of a page-wide rule makes it a line to write on
    // ("Signature: ____ Date: ____"), not a section separator.
    const startsWithCaption = onLine.some(
      (w) => w.rect[0] < firstFree + 1 && isColonCaption(w, onLine),
    );
    // A rule under text half as large again as the page's text underlines a heading.
    const isHeading = onLine.some((w) => w.size >= HEADING_SIZE * bodySize);
    const isUnderline =
      freeLength < (1 - COVERED) * length ||
      hasTextAfterGap ||
      isHeading ||
      (isSeparator(ctx, rule) && !startsWithCaption) ||
      isFootnoteRule(ctx, rule);
    if (isUnderline && ctx.wide !== true) {
      continue; // printed text underlined, a separator, or the rule above footnotes
    }
    for (const [a, b] of free) {
      // A rule with another rule or text less than 8 pt above it has no room for writing: the
      // doubled edge of a box, or a separator drawn just under one.
      const hasRoom = freeAbove(ctx, a, b, rule.y) >= MIN_ROOM;
      if (b - a >= shortest && (hasRoom || ctx.wide === true)) {
        const rejectedBy = isUnderline ? 'underlined' : hasRoom ? undefined : 'no-room';
        const room = roomAbove(ctx, a, b, rule.y);
        // A turned-down rule may have no room at all: give it a line's height to be judged by.
        const height = Math.min(
          FIELD_HEIGHT,
          rejectedBy === undefined ? room : Math.max(MIN_FIELD_HEIGHT, room),
        );
        out.push({
          page: ctx.page,
          rect: [a, rule.y - height, b, rule.y],
          kind: 'rule',
          strength: rejectedBy === undefined ? 0.75 : 0,
          ...(rejectedBy === undefined ? {} : { rejectedBy }),
        });
      }
    }
  }
  return out;
}

/** Candidates from underscore runs and dot leaders (a dot leader ending at a number is a table of contents). */
export function findLeaderFields(ctx: Context, leaders: readonly Leader[]): RawCandidate[] {
  const out: RawCandidate[] = [];
  for (const leader of leaders) {
    const [x0, , x1] = leader.rect;
    if (x1 - x0 < (leader.dots ? MIN_DOT_LEADER : 12)) {
      continue;
    }
    if (leader.dots) {
      const next = ctx.words.find(
        (w) =>
          overlap1d(w.rect[1], w.rect[3], leader.rect[1], leader.rect[3]) > 0 &&
          w.rect[0] >= x1 - 1 &&
          w.rect[0] - x1 < 40,
      );
      if (next && /^\s*[\divxlc]+\s*$/iu.test(next.text)) {
        if (ctx.wide === true) {
          const rect: DisplayedRect = [
            x0,
            leader.baseline + 1 - MIN_FIELD_HEIGHT,
            x1,
            leader.baseline + 1,
          ];
          out.push({ page: ctx.page, rect, kind: 'leader', strength: 0, rejectedBy: 'toc' });
        }
        continue;
      }
    }
    const height = Math.min(FIELD_HEIGHT, Math.max(MIN_FIELD_HEIGHT, leader.size * 1.3));
    const bottom = leader.baseline + 1;
    out.push({
      page: ctx.page,
      rect: [x0, bottom - height, x1, bottom],
      kind: 'leader',
      strength: leader.dots ? 0.7 : 0.85,
    });
  }
  return out;
}
