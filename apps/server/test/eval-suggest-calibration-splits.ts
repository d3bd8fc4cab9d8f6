// Calibration checked the way the sealed set checks it: on a whole group of repositories the map
// never saw. Leave-one-source-out pools its held-out folds into one table, and every fold's map is
// nearly the map fitted on everything, so its bands come out close to the in-sample ones (within
// 4 points while the sealed set missed by 17). Here the development repositories are split at
// random into a fitting part and a checking part (the sealed set's 60 / 40), many times; each
// round fits the map on one part and bands the other part's suggestions by the confidence shown.
// A repository-level bootstrap in effect: what varies between rounds is which repositories are in.
import type { LevelOutcome } from '../src/suggest/calibration-levels.ts';
import { BANDS } from './eval-suggest-loso.ts';

/** Shown confidence for an outcome, from a map fitted on `train`. */
export type Fit = (train: readonly LevelOutcome[]) => (o: LevelOutcome) => number;

/** Per band: rounds it had suggestions in, mean gap and root mean square gap (points). */
export type BandSpread = { from: number; to: number; rounds: number; mean: number; rms: number };
export type SplitReport = {
  rounds: number;
  /** Worst |gap| of a round over its bands with at least `minBand` suggestions, points. */
  worstMedian: number;
  worst90: number;
  bands: BandSpread[];
};

/** A small seeded generator (mulberry32), so every run prints the same figures. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sample<T>(items: readonly T[], count: number, next: () => number): Set<T> {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return new Set(pool.slice(0, count));
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * Fits on a random 60 % of the repositories and bands the rest, `rounds` times. A band counts in a
 * round only with `minBand` suggestions: fewer say nothing about the band.
 */
export function repositorySplits(
  outcomes: readonly LevelOutcome[],
  fit: Fit,
  { rounds = 400, checkShare = 0.4, minBand = 10, seed = 28 } = {},
): SplitReport {
  const next = random(seed);
  const sources = [...new Set(outcomes.map((o) => o.source ?? ''))].sort();
  const gaps = BANDS.map(() => [] as number[]);
  const worst: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const checked = sample(sources, Math.round(checkShare * sources.length), next);
    const shown = fit(outcomes.filter((o) => !checked.has(o.source ?? '')));
    const held = outcomes
      .filter((o) => checked.has(o.source ?? ''))
      .map((o) => ({ confidence: shown(o), isCorrect: o.isCorrect }));
    let roundWorst = 0;
    BANDS.forEach(([from, to], band) => {
      const inBand = held.filter((o) => o.confidence >= from - 1e-9 && o.confidence < to - 1e-9);
      if (inBand.length < minBand) {
        return;
      }
      const mean = inBand.reduce((sum, o) => sum + o.confidence, 0) / inBand.length;
      const gap = (inBand.filter((o) => o.isCorrect).length / inBand.length - mean) * 100;
      gaps[band]!.push(gap);
      roundWorst = Math.max(roundWorst, Math.abs(gap));
    });
    worst.push(roundWorst);
  }
  worst.sort((a, b) => a - b);
  return {
    rounds,
    worstMedian: quantile(worst, 0.5),
    worst90: quantile(worst, 0.9),
    bands: BANDS.map(([from, to], band) => {
      const g = gaps[band]!;
      const mean = g.reduce((sum, x) => sum + x, 0) / Math.max(1, g.length);
      const rms = Math.sqrt(g.reduce((sum, x) => sum + x * x, 0) / Math.max(1, g.length));
      return { from, to: Math.min(1, to), rounds: g.length, mean, rms };
    }),
  };
}

/** The report as text: the worst band per round, then each band's mean and spread. */
export function formatSplits(title: string, report: SplitReport): string {
  const lines = [
    `${title}: ${report.rounds} rounds, worst band |gap| median ${report.worstMedian.toFixed(1)}, ` +
      `90th percentile ${report.worst90.toFixed(1)} points`,
    '  band       rounds  mean gap  rms gap',
  ];
  for (const band of report.bands.filter((b) => b.rounds > 0)) {
    lines.push(
      `  ${band.from.toFixed(2)}–${band.to.toFixed(2)}  ${String(band.rounds).padStart(6)}` +
        `  ${band.mean.toFixed(1).padStart(8)}  ${band.rms.toFixed(1).padStart(7)}`,
    );
  }
  return lines.join('\n');
}
