// Gradient-boosted decision stumps for the finder's scorer (issue 29): logistic loss, one Newton
// step per stump, split points from each feature's quantiles. Plain TS, no dependency, and
// deterministic (no sampling), so the same examples always give the same model.
import type { Stump } from '../src/pdf/find-fields/finder-scorer.ts';

export type FitOptions = { rounds: number; shrinkage: number; bins: number; lambda: number };

export const DEFAULT_FIT: FitOptions = { rounds: 150, shrinkage: 0.2, bins: 24, lambda: 1 };

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

/** Fit stumps to examples (rows of features) with labels 0/1; returns the bias and the stumps. */
export function fitStumps(
  rows: readonly (readonly number[])[],
  labels: readonly number[],
  options: FitOptions = DEFAULT_FIT,
): { bias: number; stumps: Stump[] } {
  const n = rows.length;
  const featureCount = rows[0]?.length ?? 0;
  const positives = labels.reduce((s, y) => s + y, 0);
  const prior = Math.min(0.999, Math.max(0.001, positives / Math.max(1, n)));
  const bias = Math.log(prior / (1 - prior));
  const points: number[][] = [];
  const bins: Uint8Array[] = [];
  for (let f = 0; f < featureCount; f++) {
    const p = splitPoints(
      rows.map((r) => r[f] ?? 0),
      options.bins,
    );
    points.push(p);
    bins.push(Uint8Array.from(rows, (r) => binOf(r[f] ?? 0, p)));
  }
  const score = new Float64Array(n).fill(bias);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const stumps: Stump[] = [];
  for (let round = 0; round < options.rounds; round++) {
    let gTotal = 0;
    let hTotal = 0;
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-score[i]!));
      g[i] = p - (labels[i] ?? 0);
      h[i] = Math.max(1e-6, p * (1 - p));
      gTotal += g[i]!;
      hTotal += h[i]!;
    }
    let best: { gain: number; feature: number; split: number; gl: number; hl: number } | null =
      null;
    for (let f = 0; f < featureCount; f++) {
      const count = points[f]!.length + 1;
      const gBin = new Float64Array(count);
      const hBin = new Float64Array(count);
      const fb = bins[f]!;
      for (let i = 0; i < n; i++) {
        const bin = fb[i]!;
        gBin[bin] = gBin[bin]! + g[i]!;
        hBin[bin] = hBin[bin]! + h[i]!;
      }
      let gl = 0;
      let hl = 0;
      for (let split = 0; split < count - 1; split++) {
        gl += gBin[split]!;
        hl += hBin[split]!;
        const gr = gTotal - gl;
        const hr = hTotal - hl;
        const gain =
          (gl * gl) / (hl + options.lambda) +
          (gr * gr) / (hr + options.lambda) -
          (gTotal * gTotal) / (hTotal + options.lambda);
        if (best === null || gain > best.gain + 1e-12) {
          best = { gain, feature: f, split, gl, hl };
        }
      }
    }
    if (best === null || best.gain <= 1e-9) {
      break;
    }
    const below = (-options.shrinkage * best.gl) / (best.hl + options.lambda);
    const above =
      (-options.shrinkage * (gTotal - best.gl)) / (hTotal - best.hl + options.lambda);
    const stump: Stump = {
      feature: best.feature,
      threshold: points[best.feature]![best.split]!,
      below: Math.round(below * 1e4) / 1e4,
      above: Math.round(above * 1e4) / 1e4,
    };
    stumps.push(stump);
    const fb = bins[best.feature]!;
    for (let i = 0; i < n; i++) {
      score[i]! += fb[i]! <= best.split ? stump.below : stump.above;
    }
  }
  return { bias: Math.round(bias * 1e4) / 1e4, stumps };
}
