// Calibration checked the way the sealed set checks it: on a whole group of repositories the map
// never saw. Leave-one-source-out pools its held-out folds into one table, and every fold's map is
// nearly the map fitted on everything, so its bands come out close to the in-sample ones (within
// 4 points while the sealed set missed by 17). Here the development repositories are split at
// random into a fitting part and a checking part (the sealed set's 60 / 40), many times; each
// round fits the map on one part and bands the other part's suggestions by the confidence shown.
// A repository-level bootstrap in effect: what varies between rounds is which repositories are in.
import type {
  ConfidenceLevels,
  EvidenceKind,
  LevelOutcome,
} from '../src/suggest/calibration-levels.ts';
import {
  cellOf,
  LEVEL_CUTS,
  levelIndex,
  levelPools,
  MIN_SOURCES,
  monotone,
  shrunk,
} from '../src/suggest/calibration-levels.ts';
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

/** With the kinds apart, a level of one kind needs this many suggestions, else both kinds' figure. */
const MIN_CELL = 20;

/**
 * The method before stop 45, kept here only to compare (`--calibration-splits`): each evidence
 * kind its own figure where it has MIN_CELL suggestions from MIN_SOURCES repositories, both
 * kinds' figure elsewhere. Production fits the kinds together (calibration-levels.ts).
 */
export function fitLevelsByEvidence(
  outcomes: readonly LevelOutcome[],
  cuts: readonly number[] = LEVEL_CUTS,
): ConfidenceLevels | null {
  if (outcomes.length === 0) {
    return null;
  }
  const overall = outcomes.filter((o) => o.isCorrect).length / outcomes.length;
  const inLevel = levelPools(outcomes, cuts);
  const levels = Array.from({ length: cuts.length + 1 }, (_, level) => level);
  const pooled = levels.map((level) => shrunk(cellOf(inLevel(level)), overall));
  const ofKind = (kind: EvidenceKind) =>
    monotone(
      levels.map((level) => {
        // The merged level's suggestions of this kind (the pools themselves are both kinds').
        const cell = cellOf(inLevel(level).filter((o) => o.evidence === kind));
        const isOwn = cell.items >= MIN_CELL && cell.sources >= MIN_SOURCES;
        return isOwn ? shrunk(cell, overall) : pooled[level]!;
      }),
      overall,
    );
  return { cuts: [...cuts], authored: ofKind('authored'), printed: ofKind('printed') };
}

function groupBySource(outcomes: readonly LevelOutcome[]): LevelOutcome[][] {
  const groups = new Map<string, LevelOutcome[]>();
  for (const o of outcomes) {
    groups.set(o.source ?? '', [...(groups.get(o.source ?? '') ?? []), o]);
  }
  return [...groups.values()];
}

/**
 * A lower confidence bound per level instead of the shrunk mean: both evidence kinds together,
 * the `q` quantile of the level's accuracy (each repository capped) over `draws` resamplings of
 * its repositories with replacement (a cluster bootstrap), never falling as raw rises.
 */
export function bootstrapFit(q: number, draws = 200, seed = 7): Fit {
  return (train) => {
    const next = random(seed);
    const values = Array.from({ length: LEVEL_CUTS.length + 1 }, (_, level) => {
      const inLevel = train.filter((o) => levelIndex(o.raw, LEVEL_CUTS) === level);
      const bySource = groupBySource(inLevel);
      if (bySource.length === 0) {
        return Number.NaN;
      }
      const rates = Array.from({ length: draws }, () => {
        // Each draw is its own repository: one drawn twice counts as two, each capped.
        const drawn = bySource.flatMap((_, draw) =>
          (bySource[Math.floor(next() * bySource.length)] ?? []).map((o) => ({
            ...o,
            source: `${o.source ?? ''}#${draw}`,
          })),
        );
        const cell = cellOf(drawn);
        return cell.n === 0 ? 0 : cell.correct / cell.n;
      }).sort((a, b) => a - b);
      return Math.min(0.99, quantile(rates, q));
    });
    for (let level = values.length - 2; level >= 0; level--) {
      values[level] = Math.min(values[level] ?? 0, values[level + 1] ?? 1);
    }
    return (o) => values[levelIndex(o.raw, LEVEL_CUTS)] ?? o.raw;
  };
}

/**
 * How far apart the repositories are within each level: the spread no map fitted on a few of
 * them can remove, and why a band can miss on an unseen group of repositories.
 */
export function formatLevelSpread(outcomes: readonly LevelOutcome[]): string {
  const lines = [
    '  level      n  repositories  pooled (capped)  per repository: min  q1  median  q3  max',
  ];
  for (let level = 0; level <= LEVEL_CUTS.length; level++) {
    const inLevel = outcomes.filter((o) => levelIndex(o.raw, LEVEL_CUTS) === level);
    const rates = groupBySource(inLevel)
      .map((group) => group.filter((o) => o.isCorrect).length / group.length)
      .sort((a, b) => a - b);
    const cell = cellOf(inLevel);
    const from = level === 0 ? 0 : (LEVEL_CUTS[level - 1] ?? 0);
    const to = LEVEL_CUTS[level] ?? 1;
    lines.push(
      `  ${from.toFixed(2)}–${to.toFixed(2)} ${String(inLevel.length).padStart(4)}  ` +
        `${String(rates.length).padStart(12)}  ${(cell.correct / Math.max(1, cell.n)).toFixed(2).padStart(15)}  ` +
        [0, 0.25, 0.5, 0.75, 0.999].map((q) => quantile(rates, q).toFixed(2)).join('  '),
    );
  }
  return lines.join('\n');
}
