// Shown confidence as a few levels. The raw score ranks pairs well, but how often a suggestion
// scored like this is right depends mostly on which repository the form came from; a smooth curve
// fitted on 17 repositories follows their quirks, and per 5-point band it did not hold on
// repositories it was not fitted on (−19.6 and +13.4 points in two bands of 19 suggestions).
// A handful of levels, each the observed accuracy of many suggestions from many repositories,
// does (docs/benchmarks.md, `eval-suggest.ts --calibration-cv`). The level depends on the raw
// score and on where the winning evidence came from: the field's own name or tooltip (written by
// the form's author) is right more often than text the layout finder printed nearby at the same
// raw score (0.95 against 0.85 at raw 0.80–0.90 on the development set).
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
};

/** A suggestion seen during evaluation. */
export type LevelOutcome = { raw: number; evidence: EvidenceKind; isCorrect: boolean };

/**
 * Where the levels change. Chosen on the development set by repository cross-validation among a
 * few cut sets (every one held within 3 points a band there but one at 0.705, 7 points); these
 * also keep Apply All's 90 % to suggestions right about 97 times in 100.
 */
export const LEVEL_CUTS: readonly number[] = [0.7, 0.85, 0.95];

/** A level with fewer suggestions of its evidence kind uses both kinds' figure. */
const MIN_CELL = 20;
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

type Cell = { n: number; correct: number };

/** Pool-adjacent-violators over cells in level order: accuracy never falls as raw rises. */
function monotone(cells: readonly Cell[], fallback: number): number[] {
  const blocks: { n: number; correct: number; size: number }[] = [];
  for (const cell of cells) {
    blocks.push({ ...cell, size: 1 });
    while (blocks.length > 1) {
      const [a, b] = [blocks[blocks.length - 2]!, blocks[blocks.length - 1]!];
      const rate = (x: Cell) => (x.n === 0 ? Number.NaN : x.correct / x.n);
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

/**
 * Each level's accuracy on the outcomes: per evidence kind where it has at least MIN_CELL
 * suggestions, else both kinds together; made monotone in the raw score; capped at 0.99.
 */
export function fitLevels(
  outcomes: readonly LevelOutcome[],
  cuts: readonly number[] = LEVEL_CUTS,
): ConfidenceLevels | null {
  if (outcomes.length === 0) {
    return null;
  }
  const cellsOf = (keep: (o: LevelOutcome) => boolean): Cell[] =>
    Array.from({ length: cuts.length + 1 }, (_, level) => {
      const inCell = outcomes.filter((o) => keep(o) && levelIndex(o.raw, cuts) === level);
      return { n: inCell.length, correct: inCell.filter((o) => o.isCorrect).length };
    });
  const pooled = cellsOf(() => true);
  const overall = outcomes.filter((o) => o.isCorrect).length / outcomes.length;
  const ofKind = (kind: EvidenceKind) =>
    monotone(
      cellsOf((o) => o.evidence === kind).map((cell, i) =>
        cell.n >= MIN_CELL ? cell : pooled[i]!,
      ),
      overall,
    );
  return { cuts: [...cuts], authored: ofKind('authored'), printed: ofKind('printed') };
}
