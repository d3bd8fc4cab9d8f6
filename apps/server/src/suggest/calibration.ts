// Calibrated confidence: the engine's raw score ranks pairs well but is not a probability (a raw
// 0.85 was right about two times in three on the labelled forms). A monotone map, fitted on the
// labelled evaluation set by isotonic regression (pool adjacent violators), turns the raw score
// into "how often a suggestion scored like this was right", so 90 % means about 9 in 10.
// Refit with `node apps/server/test/eval-suggest.ts --fit-calibration` after engine changes.

/** One knot of the map: raw score → observed accuracy. Knots are sorted by `raw`. */
export type CalibrationPoint = { raw: number; accuracy: number };

/** A suggestion seen during evaluation: its raw score and whether it was right. */
export type RawOutcome = { raw: number; isCorrect: boolean };

/** Smallest number of suggestions a knot stands for; fewer would make the map follow noise. */
const MIN_BLOCK = 8;

/**
 * The calibrated confidence of a raw score: linear between knots, flat beyond the ends. An empty
 * map leaves the score as it is.
 */
export function calibrate(raw: number, points: readonly CalibrationPoint[]): number {
  const first = points[0];
  const last = points[points.length - 1];
  if (first === undefined || last === undefined) {
    return raw;
  }
  if (raw <= first.raw) {
    return first.accuracy;
  }
  if (raw >= last.raw) {
    return last.accuracy;
  }
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    if (a !== undefined && b !== undefined && raw <= b.raw) {
      const t = b.raw === a.raw ? 1 : (raw - a.raw) / (b.raw - a.raw);
      return a.accuracy + t * (b.accuracy - a.accuracy);
    }
  }
  return last.accuracy;
}

type Block = { sumRaw: number; correct: number; count: number };

const accuracyOf = (block: Block) => block.correct / block.count;

/**
 * Isotonic fit of accuracy against raw score: outcomes sorted by score, neighbouring blocks
 * merged while accuracy would go down (or a block is smaller than MIN_BLOCK), each block giving
 * one knot at its mean raw score. Accuracy is capped at 0.99: no evaluation set is big enough to
 * promise certainty.
 */
export function fitCalibration(outcomes: readonly RawOutcome[]): CalibrationPoint[] {
  const sorted = [...outcomes].sort((a, b) => a.raw - b.raw);
  const blocks: Block[] = [];
  for (const outcome of sorted) {
    blocks.push({ sumRaw: outcome.raw, correct: outcome.isCorrect ? 1 : 0, count: 1 });
    for (;;) {
      const last = blocks[blocks.length - 1];
      const previous = blocks[blocks.length - 2];
      if (
        last === undefined ||
        previous === undefined ||
        (accuracyOf(previous) < accuracyOf(last) && previous.count >= MIN_BLOCK)
      ) {
        break;
      }
      blocks.pop();
      blocks[blocks.length - 1] = {
        sumRaw: previous.sumRaw + last.sumRaw,
        correct: previous.correct + last.correct,
        count: previous.count + last.count,
      };
    }
  }
  // The top block may be left small (the loop only checks the block before the last).
  const top = blocks[blocks.length - 1];
  const below = blocks[blocks.length - 2];
  if (top !== undefined && below !== undefined && top.count < MIN_BLOCK) {
    blocks.splice(-2, 2, {
      sumRaw: below.sumRaw + top.sumRaw,
      correct: below.correct + top.correct,
      count: below.count + top.count,
    });
  }
  return blocks.map((block) => ({
    raw: Math.round((block.sumRaw / block.count) * 1000) / 1000,
    accuracy: Math.round(Math.min(0.99, accuracyOf(block)) * 1000) / 1000,
  }));
}
