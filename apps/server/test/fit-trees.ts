// Gradient-boosted small decision trees for the finder's scorer (issue 29): logistic loss, one
// Newton step per leaf, split points from each feature's quantiles. Depth 1 is boosted stumps;
// depth 2 lets a split depend on another ("a blank AND a colon caption"). Plain TS, no
// dependency, deterministic (no sampling): the same examples always give the same model.
import type { ScoreTree } from '../src/pdf/find-fields/finder-scorer.ts';

export type FitOptions = {
  rounds: number;
  shrinkage: number;
  bins: number;
  lambda: number;
  depth: number;
  /** Least hessian (about p(1−p) summed) a leaf must hold: no leaf for a handful of examples. */
  minLeaf: number;
};

export const DEFAULT_FIT: FitOptions = {
  rounds: 150,
  shrinkage: 0.2,
  bins: 24,
  lambda: 1,
  // Stumps: depth 2 fitted the training repositories better and the left-out one worse (LORO
  // text P/R 0.869 / 0.858 at 0.5 against 0.865 / 0.883; decisions.md, eighth pass).
  depth: 1,
  minLeaf: 3,
};

/** Candidate split points of one feature: its distinct quantiles. */
function splitPoints(values: readonly number[], bins: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const points = new Set<number>();
  for (let i = 1; i < bins; i++) {
    const v = sorted[Math.floor((i * sorted.length) / bins)];
    if (v !== undefined && v > (sorted[0] ?? v)) {
      points.add(Math.round(v * 1e4) / 1e4);
    }
  }
  return [...points].sort((a, b) => a - b);
}

/** Index of the first split point above the value: the bin the value falls in. */
function binOf(value: number, points: readonly number[]): number {
  let bin = 0;
  while (bin < points.length && value >= points[bin]!) {
    bin++;
  }
  return bin;
}

type Grid = { points: number[][]; bins: Uint8Array[] };
type Split = { gain: number; feature: number; split: number };

const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

function bestSplit(
  grid: Grid,
  rows: readonly number[],
  g: Float64Array,
  h: Float64Array,
  o: FitOptions,
): Split | null {
  let gTotal = 0;
  let hTotal = 0;
  for (const i of rows) {
    gTotal += g[i]!;
    hTotal += h[i]!;
  }
  const parent = (gTotal * gTotal) / (hTotal + o.lambda);
  let best: Split | null = null;
  grid.points.forEach((points, f) => {
    const count = points.length + 1;
    const gBin = new Float64Array(count);
    const hBin = new Float64Array(count);
    const fb = grid.bins[f]!;
    for (const i of rows) {
      const bin = fb[i]!;
      gBin[bin] = gBin[bin]! + g[i]!;
      hBin[bin] = hBin[bin]! + h[i]!;
    }
    let gl = 0;
    let hl = 0;
    for (let split = 0; split < count - 1; split++) {
      gl += gBin[split]!;
      hl += hBin[split]!;
      const hr = hTotal - hl;
      if (hl < o.minLeaf || hr < o.minLeaf) {
        continue;
      }
      const gr = gTotal - gl;
      const gain = (gl * gl) / (hl + o.lambda) + (gr * gr) / (hr + o.lambda) - parent;
      if (gain > 1e-9 && (best === null || gain > best.gain + 1e-12)) {
        best = { gain, feature: f, split };
      }
    }
  });
  return best;
}

function leafValue(rows: readonly number[], g: Float64Array, h: Float64Array, o: FitOptions) {
  let gs = 0;
  let hs = 0;
  for (const i of rows) {
    gs += g[i]!;
    hs += h[i]!;
  }
  return round4((-o.shrinkage * gs) / (hs + o.lambda));
}

function growTree(
  grid: Grid,
  rows: number[],
  g: Float64Array,
  h: Float64Array,
  o: FitOptions,
  depth: number,
): ScoreTree {
  const split = depth > 0 ? bestSplit(grid, rows, g, h, o) : null;
  if (split === null) {
    return leafValue(rows, g, h, o);
  }
  const fb = grid.bins[split.feature]!;
  const below = rows.filter((i) => fb[i]! <= split.split);
  const above = rows.filter((i) => fb[i]! > split.split);
  return {
    feature: split.feature,
    threshold: grid.points[split.feature]![split.split]!,
    below: growTree(grid, below, g, h, o, depth - 1),
    above: growTree(grid, above, g, h, o, depth - 1),
  };
}

/** The value a tree gives one row of binned features (as at run time, by threshold). */
function treeValue(tree: ScoreTree, row: readonly number[]): number {
  let node = tree;
  while (typeof node !== 'number') {
    node = (row[node.feature] ?? 0) < node.threshold ? node.below : node.above;
  }
  return node;
}

/** Fit trees to examples (rows of features) with labels 0/1; returns the bias and the trees. */
export function fitTrees(
  rows: readonly (readonly number[])[],
  labels: readonly number[],
  options: FitOptions = DEFAULT_FIT,
): { bias: number; trees: ScoreTree[] } {
  const n = rows.length;
  const featureCount = rows[0]?.length ?? 0;
  const positives = labels.reduce((s, y) => s + y, 0);
  const prior = Math.min(0.999, Math.max(0.001, positives / Math.max(1, n)));
  const bias = round4(Math.log(prior / (1 - prior)));
  const grid: Grid = { points: [], bins: [] };
  for (let f = 0; f < featureCount; f++) {
    const p = splitPoints(
      rows.map((r) => r[f] ?? 0),
      options.bins,
    );
    grid.points.push(p);
    grid.bins.push(Uint8Array.from(rows, (r) => binOf(r[f] ?? 0, p)));
  }
  const all = Array.from({ length: n }, (_, i) => i);
  const score = new Float64Array(n).fill(bias);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const trees: ScoreTree[] = [];
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-score[i]!));
      g[i] = p - (labels[i] ?? 0);
      h[i] = Math.max(1e-6, p * (1 - p));
    }
    const tree = growTree(grid, all, g, h, options, options.depth);
    if (typeof tree === 'number') {
      break; // no split gains anything more
    }
    trees.push(tree);
    for (let i = 0; i < n; i++) {
      score[i] = score[i]! + treeValue(tree, rows[i]!);
    }
  }
  return { bias, trees };
}
