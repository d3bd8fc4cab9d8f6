// Calibrated confidence: the engine's raw score ranks pairs well but is not a probability (a raw
// 0.85 was right about two times in three on the labelled forms). A monotone map, fitted on the
// labelled evaluation set by isotonic regression (pool adjacent violators), turns the raw score
// into "how often a suggestion scored like this was right", so 90 % means about 9 in 10.
// Refit with `node apps/server/test/eval-suggest.ts --fit-calibration` after engine changes.

/** One knot of the map: raw score → observed accuracy. Knots are sorted by `raw`. */
export type CalibrationPoint = { raw: number; accuracy: number };

/** A suggestion seen during evaluation: its raw score and whether it was right. */
export type RawOutcome = { raw: number; isCorrect: boolean };

/**
 * Smallest number of suggestions a block stands for: with 25 the accuracy of a block has a
 * standard error under 8 points; at 8 the leave-one-source-out map followed noise (bands off by
 * 20 points on forms left out, docs/benchmarks.md).
 */
const MIN_BLOCK = 25;

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

type Block = { minRaw: number; maxRaw: number; correct: number; count: number };

const accuracyOf = (block: Block) => block.correct / block.count;

function merge(a: Block, b: Block): Block {
  return {
    minRaw: Math.min(a.minRaw, b.minRaw),
    maxRaw: Math.max(a.maxRaw, b.maxRaw),
    correct: a.correct + b.correct,
    count: a.count + b.count,
  };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
/** Evaluated scores are known to two decimals: 0.66 stands for any raw score in [0.655, 0.665]. */
const HALF_STEP = 0.005;

/**
 * Isotonic fit of accuracy against raw score: outcomes sorted by score, neighbouring blocks
 * merged while accuracy would go down (or a block is smaller than MIN_BLOCK). Each block is flat
 * over its whole raw range (a knot at each end), and only the gaps between blocks are
 * interpolated: knots at block means interpolated across a block's own range told its upper
 * half more than it earned and its lower half less. Accuracy is capped at 0.99: no evaluation
 * set is big enough to promise certainty.
 */
export function fitCalibration(outcomes: readonly RawOutcome[]): CalibrationPoint[] {
  // Equal scores are one observation each: a block boundary never splits them.
  const byRaw = new Map<number, Block>();
  for (const { raw, isCorrect } of outcomes) {
    const single = { minRaw: raw, maxRaw: raw, correct: isCorrect ? 1 : 0, count: 1 };
    const seen = byRaw.get(raw);
    byRaw.set(raw, seen === undefined ? single : merge(seen, single));
  }
  const blocks: Block[] = [];
  for (const tied of [...byRaw.values()].sort((a, b) => a.minRaw - b.minRaw)) {
    blocks.push(tied);
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
      blocks[blocks.length - 1] = merge(previous, last);
    }
  }
  // The top block may be left small (the loop only checks the block before the last).
  const top = blocks[blocks.length - 1];
  const below = blocks[blocks.length - 2];
  if (top !== undefined && below !== undefined && top.count < MIN_BLOCK) {
    blocks.splice(-2, 2, merge(below, top));
  }
  return blocks.flatMap((block) => {
    const accuracy = round3(Math.min(0.99, accuracyOf(block)));
    // Each block is flat over its range, widened by the half step its scores were rounded to.
    // Rounding is half up: 0.625 is shown as 0.63, so each range stops just short of its upper end.
    return [
      { raw: round6(block.minRaw - HALF_STEP), accuracy },
      { raw: round6(block.maxRaw + HALF_STEP - 1e-6), accuracy },
    ];
  });
}
