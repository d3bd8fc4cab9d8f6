import { describe, expect, it } from 'vitest';
import { calibrate, fitBeta, type RawOutcome } from './calibration.ts';

function outcomes(raw: number, correct: number, wrong: number): RawOutcome[] {
  return [
    ...Array.from({ length: correct }, () => ({ raw, isCorrect: true })),
    ...Array.from({ length: wrong }, () => ({ raw, isCorrect: false })),
  ];
}

describe('confidence calibration', () => {
  it('maps raw scores to the accuracy observed at them', () => {
    const points = fitBeta([
      ...outcomes(0.6, 50, 50),
      ...outcomes(0.7, 70, 30),
      ...outcomes(0.8, 85, 15),
      ...outcomes(0.9, 95, 5),
    ]);
    expect(calibrate(0.6, points)).toBeCloseTo(0.5, 1);
    expect(calibrate(0.8, points)).toBeCloseTo(0.85, 1);
    expect(calibrate(0.9, points)).toBeCloseTo(0.95, 1);
    // Flat beyond the scores seen.
    expect(calibrate(0.3, points)).toBe(calibrate(0.6, points));
  });

  it('never lets a higher raw score mean a lower confidence, nor promises certainty', () => {
    const points = fitBeta([
      ...outcomes(0.5, 5, 45),
      ...outcomes(0.6, 27, 3),
      ...outcomes(0.7, 12, 18),
      ...outcomes(1, 200, 0),
    ]);
    const accuracies = points.map((p) => p.accuracy);
    expect(accuracies).toEqual([...accuracies].sort((a, b) => a - b));
    expect(calibrate(1, points)).toBe(0.99);
  });

  it('leaves scores alone without a map', () => {
    expect(calibrate(0.42, [])).toBe(0.42);
    expect(fitBeta([])).toEqual([]);
  });
});
