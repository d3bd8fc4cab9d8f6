// The finder scorer's fitting (issue 29, eighth pass): deterministic, and depth 2 learns what
// depends on two features at once, which boosted stumps cannot.
import { describe, expect, it } from 'vitest';
import { scoreFeatures } from '../src/pdf/find-fields/finder-scorer.ts';
import { DEFAULT_FIT, fitTrees } from './fit-trees.ts';

// A field only when both cues agree (x0 AND x1), repeated so each corner has weight.
const rows: number[][] = [];
const labels: number[] = [];
for (let k = 0; k < 40; k++) {
  for (const [a, b] of [
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
  ] as const) {
    rows.push([a, b, k % 3]);
    labels.push(a === 1 && b === 1 ? 1 : 0);
  }
}
const predict = (fitted: ReturnType<typeof fitTrees>, row: number[]) =>
  scoreFeatures({ features: [], offset: 0, ...fitted }, row) > 0;

describe('fitTrees', () => {
  it('gives the same model for the same examples', () => {
    expect(fitTrees(rows, labels)).toEqual(fitTrees(rows, labels));
  });

  it('learns a field that needs two cues at once with depth 2', () => {
    const fitted = fitTrees(rows, labels, { ...DEFAULT_FIT, depth: 2, rounds: 40 });
    expect(predict(fitted, [1, 1, 0])).toBe(true);
    expect(predict(fitted, [1, 0, 0])).toBe(false);
    expect(predict(fitted, [0, 1, 0])).toBe(false);
    expect(predict(fitted, [0, 0, 0])).toBe(false);
  });
});
