// The beta curve that mapped raw scores to shown confidence until the confidence levels
// (calibration-levels.ts) replaced it: a logistic curve in ln raw and ln(1 − raw). Kept as the
// comparison `eval-suggest.ts --calibration-cv` prints beside the levels.

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

const GRID_STEP = 0.01;
const NEWTON_ITERATIONS = 50;

const BETA_EPSILON = 0.02;

/** The two features of beta calibration for a raw score in (0, 1). */
function betaFeatures(raw: number): [number, number] {
  const r = Math.min(1 - BETA_EPSILON, Math.max(BETA_EPSILON, raw));
  return [Math.log(r), -Math.log(1 - r)];
}

/** Solves the 3×3 system m·x = v by Cramer's rule; undefined when singular. */
function solve3(m: number[][], v: number[]): number[] | undefined {
  const det = (k: number[][]) =>
    k[0]![0]! * (k[1]![1]! * k[2]![2]! - k[1]![2]! * k[2]![1]!) -
    k[0]![1]! * (k[1]![0]! * k[2]![2]! - k[1]![2]! * k[2]![0]!) +
    k[0]![2]! * (k[1]![0]! * k[2]![1]! - k[1]![1]! * k[2]![0]!);
  const d = det(m);
  if (Math.abs(d) < 1e-12) {
    return undefined;
  }
  return [0, 1, 2].map(
    (column) => det(m.map((row, i) => row.map((x, j) => (j === column ? v[i]! : x)))) / d,
  );
}

/**
 * Beta calibration (Kull, Silva Filho and Flach, 2017): accuracy = 1 / (1 + e^-(a·ln raw −
 * b·ln(1 − raw) + c)), fitted by Newton's method (maximum likelihood, a ridge of 1 on a and b, raw
 * clamped to [0.02, 0.98]). Platt's curve, used before, is a logistic in the raw score itself and
 * bends the same way at both ends: held-out sources' lowest suggestions sat 23 points under it
 * (docs/benchmarks.md). The log features let the curve fall faster just above the threshold and
 * stay flat near 1; the ridge keeps three parameters from following noise (with 0.01 the low band
 * was off by 14–21 points). Knots every 0.01 over the scores seen, made monotone, capped at 0.99:
 * no evaluation set is big enough to promise certainty.
 */
export function fitBeta(outcomes: readonly RawOutcome[]): CalibrationPoint[] {
  if (outcomes.length === 0) {
    return [];
  }
  const ridge = 1;
  let w = [1, 1, 0];
  const rows = outcomes.map((o) => ({ x: [...betaFeatures(o.raw), 1], y: o.isCorrect ? 1 : 0 }));
  for (let iteration = 0; iteration < NEWTON_ITERATIONS; iteration++) {
    const g = [ridge * w[0]!, ridge * w[1]!, 0];
    const h = [
      [ridge, 0, 0],
      [0, ridge, 0],
      [0, 0, 1e-9],
    ];
    for (const { x, y } of rows) {
      const p = 1 / (1 + Math.exp(-(w[0]! * x[0]! + w[1]! * x[1]! + w[2]! * x[2]!)));
      const s = Math.max(p * (1 - p), 1e-9);
      for (let i = 0; i < 3; i++) {
        g[i]! += (p - y) * x[i]!;
        for (let j = 0; j < 3; j++) {
          h[i]![j]! += s * x[i]! * x[j]!;
        }
      }
    }
    const step = solve3(h, g);
    if (step === undefined) {
      break;
    }
    w = w.map((value, i) => value - step[i]!);
    if (step.reduce((sum, d) => sum + Math.abs(d), 0) < 1e-9) {
      break;
    }
  }
  const raws = outcomes.map((o) => o.raw);
  const [low, high] = [Math.min(...raws), Math.max(...raws)];
  const points: CalibrationPoint[] = [];
  let floor = 0;
  for (let raw = low; raw <= high + 1e-9; raw += GRID_STEP) {
    const [x0, x1] = betaFeatures(raw);
    const accuracy = 1 / (1 + Math.exp(-(w[0]! * x0 + w[1]! * x1 + w[2]!)));
    floor = Math.max(floor, round3(Math.min(0.99, accuracy)));
    points.push({ raw: round6(raw), accuracy: floor });
  }
  return points;
}
