// Calibrated confidence: the engine's raw score ranks pairs well but is not a probability (a raw
// 0.85 was right about two times in three on the labelled forms). A monotone map, fitted on the
// labelled evaluation set by Platt scaling (a logistic curve in the raw score), turns the raw
// score into "how often a suggestion scored like this was right", so 90 % means about 9 in 10.
// Refit with `node apps/server/test/eval-suggest.ts --fit-calibration` after engine changes.

/** One knot of the map: raw score → observed accuracy. Knots are sorted by `raw`. */
export type CalibrationPoint = { raw: number; accuracy: number };

/** A suggestion seen during evaluation: its raw score and whether it was right. */
export type RawOutcome = { raw: number; isCorrect: boolean };

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

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

const PLATT_GRID_STEP = 0.01;
const PLATT_ITERATIONS = 50;

/**
 * Platt scaling: accuracy = 1 / (1 + e^-(a·raw + b)), fitted by Newton's method on the outcomes
 * (maximum likelihood), written out as knots every 0.01 over the scores seen. Two parameters
 * cannot follow noise: the isotonic map it replaced (blocks of at least 25 suggestions) was off
 * by 5–6 points in its low bands on sources left out (docs/benchmarks.md). Accuracy is capped
 * at 0.99: no evaluation set is big enough to promise certainty.
 */
export function fitPlatt(outcomes: readonly RawOutcome[]): CalibrationPoint[] {
  if (outcomes.length === 0) {
    return [];
  }
  let [a, b] = [1, 0];
  for (let iteration = 0; iteration < PLATT_ITERATIONS; iteration++) {
    // Gradient and Hessian of the negative log-likelihood.
    let [ga, gb, haa, hab, hbb] = [0, 0, 0, 0, 0];
    for (const { raw, isCorrect } of outcomes) {
      const p = 1 / (1 + Math.exp(-(a * raw + b)));
      const error = p - (isCorrect ? 1 : 0);
      const w = Math.max(p * (1 - p), 1e-9);
      ga += error * raw;
      gb += error;
      haa += w * raw * raw;
      hab += w * raw;
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    if (Math.abs(det) < 1e-12) {
      break;
    }
    const [da, db] = [(hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det];
    [a, b] = [a - da, b - db];
    if (Math.abs(da) + Math.abs(db) < 1e-9) {
      break;
    }
  }
  const raws = outcomes.map((o) => o.raw);
  const [low, high] = [Math.min(...raws), Math.max(...raws)];
  const points: CalibrationPoint[] = [];
  for (let raw = low; raw <= high + 1e-9; raw += PLATT_GRID_STEP) {
    const accuracy = 1 / (1 + Math.exp(-(a * raw + b)));
    points.push({ raw: round6(raw), accuracy: round3(Math.min(0.99, accuracy)) });
  }
  return points;
}
