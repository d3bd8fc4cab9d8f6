// Rules as drawn are often pieces (one segment per table cell, double strokes, a box's edge on
// top of a cell's): join collinear pieces that touch so each rule is judged whole.
import type { HorizontalRule, VerticalRule } from './find-types.ts';

const SAME_LINE = 1.2; // pt
const JOIN_GAP = 2; // pt

/** Collinear horizontal rules that touch or overlap, joined. */
export function mergeHorizontal(rules: readonly HorizontalRule[]): HorizontalRule[] {
  const sorted = [...rules].sort((a, b) => a.y - b.y || a.x0 - b.x0);
  const merged: HorizontalRule[] = [];
  const open: HorizontalRule[] = []; // rules on the current line, by x
  let lineY = Number.NEGATIVE_INFINITY;
  for (const rule of sorted) {
    if (rule.y - lineY > SAME_LINE) {
      merged.push(...open.splice(0));
      lineY = rule.y;
    }
    const joinable = open.find((r) => rule.x0 <= r.x1 + JOIN_GAP && rule.x1 >= r.x0 - JOIN_GAP);
    if (joinable) {
      joinable.x0 = Math.min(joinable.x0, rule.x0);
      joinable.x1 = Math.max(joinable.x1, rule.x1);
      joinable.weight = Math.max(joinable.weight, rule.weight);
    } else {
      open.push({ ...rule });
    }
  }
  merged.push(...open);
  return merged;
}

/** Collinear vertical rules that touch or overlap, joined. */
export function mergeVertical(rules: readonly VerticalRule[]): VerticalRule[] {
  const flipped = rules.map((r) => ({ x0: r.y0, x1: r.y1, y: r.x, weight: r.weight }));
  return mergeHorizontal(flipped).map((r) => ({ y0: r.x0, y1: r.x1, x: r.y, weight: r.weight }));
}
