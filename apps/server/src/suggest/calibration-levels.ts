// Shown confidence as a few levels. The raw score ranks pairs well, but how often a suggestion
// scored like this is right depends mostly on which repository the form came from; a smooth curve
// fitted on 17 repositories follows their quirks. A handful of levels, each the observed accuracy
// of many suggestions from many repositories, holds better (docs/decisions.md).
// A level is a raw band; both kinds of evidence (the field's own name or tooltip, or text the
// layout finder printed nearby) show the same figure. Split by kind, each level rested on half
// the suggestions and half the repositories, and the printed kind's figure was made by caption
// rules written on the very forms it was measured on: fitted on some development repositories
// and checked on the others, the worst band then missed by twice as much as with the kinds
// pooled (`eval-suggest.ts --calibration-splits`). The kind still decides Apply All
// (apply-eligibility.ts), where only a level proven on many repositories is written unattended.
// No repository counts for more than a few suggestions of a level, a level seen on too few
// repositories is merged, and every level is drawn toward the overall accuracy.
// Refit with `node apps/server/test/eval-suggest.ts --fit-calibration` after engine changes.

/** Where the evidence that won a suggestion came from. */
export type EvidenceKind = 'authored' | 'printed';

/** The confidence map: raw-score cut points and the accuracy shown at each level, per evidence. */
export type ConfidenceLevels = {
  /** Ascending; level i covers raw scores in [cuts[i − 1], cuts[i]). */
  cuts: readonly number[];
  /** Accuracy per level (cuts.length + 1 entries) for each kind of evidence. */
  authored: readonly number[];
  printed: readonly number[];
  /**
   * Whether Apply All may write a level unattended, per evidence kind (apply-eligibility.ts);
   * absent: no level may.
   */
  applyAll?: { authored: readonly boolean[]; printed: readonly boolean[] };
};

/**
 * A suggestion seen during evaluation; `source`: the repository its form came from (one source
 * when absent), so no repository's quirks can make a level on their own.
 */
export type LevelOutcome = {
  raw: number;
  evidence: EvidenceKind;
  isCorrect: boolean;
  source?: string;
};

/**
 * Where the levels change: two levels. Chosen on the development set among a few cut sets and
 * prior weights (docs/decisions.md): more levels each rested on fewer repositories and missed by
 * more on the repositories they were not fitted on, by leave-one-repository-out and by fitting
 * on some repositories and checking on the rest. What Apply All may write is decided apart from
 * the shown figure (apply-eligibility.ts).
 */
export const LEVEL_CUTS: readonly number[] = [0.85];

/**
 * A level needs suggestions from this many repositories to stand alone; with fewer it is merged
 * with its neighbour. One repository's forms share authors and habits: ten suggestions from one
 * form family say less about an unseen form than ten from ten families.
 */
export const MIN_SOURCES = 5;
/** One repository counts for at most this many suggestions in a level. */
export const SOURCE_CAP = 8;
/**
 * Every level is shrunk toward the overall accuracy by this many pseudo-suggestions. 10 left a
 * level's figure to follow the few repositories behind it (−18 to −24 points on held-out ones);
 * 30, the smallest that held every band within 5 points out of sample, draws a level only a
 * few points in (the top one from 0.99 to 0.98).
 */
export const PRIOR_WEIGHT = 30;
/** No evaluation set is big enough to promise certainty. */
const CAP = 0.99;

export function levelIndex(raw: number, cuts: readonly number[]): number {
  return cuts.filter((cut) => raw >= cut - 1e-9).length;
}

/** The shown confidence of a raw score with its evidence; no map leaves the score as it is. */
export function confidenceOf(
  raw: number,
  evidence: EvidenceKind,
  levels: ConfidenceLevels | null,
): number {
  return levels === null ? raw : (levels[evidence][levelIndex(raw, levels.cuts)] ?? raw);
}

/** Weighted suggestions of a cell: `n` and `correct` after each repository's cap. */
export type Cell = { n: number; correct: number; sources: number; items: number };

/** The cell of some outcomes, each repository capped at SOURCE_CAP suggestions. */
export function cellOf(outcomes: readonly LevelOutcome[]): Cell {
  const bySource = new Map<string, { n: number; correct: number }>();
  for (const o of outcomes) {
    const key = o.source ?? '';
    const entry = bySource.get(key) ?? { n: 0, correct: 0 };
    entry.n++;
    entry.correct += o.isCorrect ? 1 : 0;
    bySource.set(key, entry);
  }
  let n = 0;
  let correct = 0;
  for (const entry of bySource.values()) {
    const weight = Math.min(1, SOURCE_CAP / entry.n);
    n += entry.n * weight;
    correct += entry.correct * weight;
  }
  return { n, correct, sources: bySource.size, items: outcomes.length };
}

/** Pool-adjacent-violators over cells in level order: accuracy never falls as raw rises. */
export function monotone(cells: readonly Cell[], fallback: number): number[] {
  const blocks: { n: number; correct: number; size: number }[] = [];
  for (const cell of cells) {
    blocks.push({ n: cell.n, correct: cell.correct, size: 1 });
    while (blocks.length > 1) {
      const [a, b] = [blocks[blocks.length - 2]!, blocks[blocks.length - 1]!];
      const rate = (x: { n: number; correct: number }) =>
        x.n === 0 ? Number.NaN : x.correct / x.n;
      if (b.n > 0 && a.n > 0 && rate(a) <= rate(b)) {
        break;
      }
      if (b.n > 0 && a.n === 0) {
        break;
      }
      blocks.splice(-2, 2, { n: a.n + b.n, correct: a.correct + b.correct, size: a.size + b.size });
    }
  }
  const values: number[] = [];
  let previous = fallback;
  for (const block of blocks) {
    const value = block.n === 0 ? previous : block.correct / block.n;
    values.push(...Array.from({ length: block.size }, () => value));
    previous = value;
  }
  return values.map((value) => Math.round(Math.min(CAP, value) * 1000) / 1000);
}

/** The number of repositories some outcomes come from. */
function sourceCount(outcomes: readonly LevelOutcome[]): number {
  return new Set(outcomes.map((o) => o.source ?? '')).size;
}

/**
 * Groups of adjacent levels with suggestions from at least MIN_SOURCES repositories each: a
 * level short of them joins the level above it (the top one the group below it).
 */
function levelGroups(outcomesOf: readonly LevelOutcome[][]): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  outcomesOf.forEach((_, level) => {
    current.push(level);
    if (sourceCount(current.flatMap((l) => outcomesOf[l] ?? [])) >= MIN_SOURCES) {
      groups.push(current);
      current = [];
    }
  });
  const last = groups.at(-1);
  if (current.length > 0 && last !== undefined) {
    last.push(...current);
  } else if (current.length > 0) {
    groups.push(current);
  }
  return groups;
}

/** A cell drawn toward the overall accuracy by PRIOR_WEIGHT pseudo-suggestions. */
export function shrunk(cell: Cell, overall: number): Cell {
  return { ...cell, n: cell.n + PRIOR_WEIGHT, correct: cell.correct + PRIOR_WEIGHT * overall };
}

/**
 * The outcomes each level is fitted on: its own, and those of the levels it is merged with when
 * it has suggestions from fewer than MIN_SOURCES repositories.
 */
export function levelPools(
  outcomes: readonly LevelOutcome[],
  cuts: readonly number[],
): (level: number) => LevelOutcome[] {
  const byLevel = Array.from({ length: cuts.length + 1 }, (_, level) =>
    outcomes.filter((o) => levelIndex(o.raw, cuts) === level),
  );
  const groupOf = new Map<number, readonly number[]>();
  for (const group of levelGroups(byLevel)) {
    for (const level of group) {
      groupOf.set(level, group);
    }
  }
  return (level) => (groupOf.get(level) ?? [level]).flatMap((l) => byLevel[l] ?? []);
}

/**
 * Each level's accuracy on the outcomes, fitted to hold on forms from repositories it never saw:
 * levels short of MIN_SOURCES repositories merged with a neighbour, each repository capped at
 * SOURCE_CAP suggestions, shrunk toward the overall accuracy by PRIOR_WEIGHT, both evidence
 * kinds together, monotone in the raw score, capped at 0.99 (docs/decisions.md).
 */
export function fitLevels(
  outcomes: readonly LevelOutcome[],
  cuts: readonly number[] = LEVEL_CUTS,
): ConfidenceLevels | null {
  if (outcomes.length === 0) {
    return null;
  }
  const overall = outcomes.filter((o) => o.isCorrect).length / outcomes.length;
  const inLevel = levelPools(outcomes, cuts);
  const cells = Array.from({ length: cuts.length + 1 }, (_, level) =>
    shrunk(cellOf(inLevel(level)), overall),
  );
  const levels = monotone(cells, overall);
  return { cuts: [...cuts], authored: levels, printed: [...levels] };
}
