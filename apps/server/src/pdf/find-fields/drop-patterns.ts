// Cues that come in patterns no form uses for its fields: squares touching side by side (chart
// bars and legends; a form spaces its checkboxes), rings under 6 pt (bullets and plot points),
// and comb rows stacked on one another (a chart's or a table's grid). Measured on the development
// forms: 2 of 14 touching squares, 0 of 51 small rings and 2 of 10 stacked combs were fields.
import type { DisplayedRect, RawCandidate } from './find-types.ts';
import { areaOf, intersectionArea } from './rect-math.ts';

const TOUCH_GAP = 2; // pt
const SAME_ROW = 2; // pt
const MIN_RING = 6; // pt

function touchesSideways(a: RawCandidate, b: RawCandidate): boolean {
  if (Math.abs(a.rect[1] - b.rect[1]) >= SAME_ROW) {
    return false;
  }
  const gap = Math.max(b.rect[0] - a.rect[2], a.rect[0] - b.rect[2]);
  return gap >= 0 && gap < TOUCH_GAP;
}

function isStacked(a: RawCandidate, b: RawCandidate): boolean {
  return (
    Math.abs(a.rect[0] - b.rect[0]) < 1 &&
    Math.abs(a.rect[2] - b.rect[2]) < 1 &&
    (Math.abs(a.rect[1] - b.rect[3]) < 1.5 || Math.abs(a.rect[3] - b.rect[1]) < 1.5)
  );
}

/** One page's candidates without those in patterns that are not fields. */
export function dropPatterns(candidates: readonly RawCandidate[]): RawCandidate[] {
  const boxes = candidates.filter((c) => c.kind === 'box');
  const combs = candidates.filter((c) => c.kind === 'comb');
  return candidates.filter((c) => {
    if (c.kind === 'box') {
      return !boxes.some((other) => other !== c && touchesSideways(c, other));
    }
    if (c.kind === 'circle') {
      return Math.min(c.rect[2] - c.rect[0], c.rect[3] - c.rect[1]) >= MIN_RING;
    }
    if (c.kind === 'comb') {
      return !combs.some((other) => other !== c && isStacked(c, other));
    }
    return true;
  });
}

/**
 * Without the candidates that hatching covers at least half of: a form hatches the cells that
 * do not apply (a total computed elsewhere, a quantity that cannot occur).
 */
export function dropStruckOut(
  candidates: readonly RawCandidate[],
  hatched: readonly DisplayedRect[],
): RawCandidate[] {
  if (hatched.length === 0) {
    return [...candidates];
  }
  return candidates.filter((c) => {
    const covered = hatched.reduce((sum, h) => sum + intersectionArea(h, c.rect), 0);
    return covered < 0.5 * areaOf(c.rect);
  });
}
