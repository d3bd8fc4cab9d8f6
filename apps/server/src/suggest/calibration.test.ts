import { describe, expect, it } from 'vitest';
import { calibrate, fitCalibration, type RawOutcome } from './calibration.ts';

function outcomes(raw: number, correct: number, wrong: number): RawOutcome[] {
  return [
    ...Array.from({ length: correct }, () => ({ raw, isCorrect: true })),
    ...Array.from({ length: wrong }, () => ({ raw, isCorrect: false })),
  ];
}

describe('confidence calibration', () => {
  it('maps raw scores to the accuracy observed at them', () => {
    const points = fitCalibration([...outcomes(0.6, 15, 15), ...outcomes(0.9, 27, 3)]);
    // Flat over each observed score (known to two decimals), interpolated only between them.
    expect(calibrate(0.6, points)).toBe(0.5);
    expect(calibrate(0.603, points)).toBe(0.5);
    expect(calibrate(0.9, points)).toBe(0.9);
    expect(calibrate(0.75, points)).toBeCloseTo(0.7);
    expect(calibrate(0.3, points)).toBe(0.5);
    expect(calibrate(1, points)).toBe(0.9);
  });

  it('never lets a higher raw score mean a lower confidence', () => {
    const points = fitCalibration([
      ...outcomes(0.6, 27, 3),
      ...outcomes(0.7, 12, 18),
      ...outcomes(0.9, 30, 0),
    ]);
    const accuracies = points.map((p) => p.accuracy);
    expect(accuracies).toEqual([...accuracies].sort((a, b) => a - b));
    expect(points.at(-1)?.accuracy).toBe(0.99);
  });

  it('pools scores until a block stands for enough suggestions to mean something', () => {
    const points = fitCalibration([...outcomes(0.6, 6, 4), ...outcomes(0.7, 20, 0)]);
    expect(new Set(points.map((p) => p.accuracy))).toEqual(new Set([0.867]));
  });

  it('leaves scores alone without a map', () => {
    expect(calibrate(0.42, [])).toBe(0.42);
  });
});
