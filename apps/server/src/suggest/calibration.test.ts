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
    const points = fitCalibration([...outcomes(0.6, 5, 5), ...outcomes(0.9, 18, 2)]);
    expect(points).toEqual([
      { raw: 0.6, accuracy: 0.5 },
      { raw: 0.9, accuracy: 0.9 },
    ]);
    expect(calibrate(0.75, points)).toBeCloseTo(0.7);
    expect(calibrate(0.3, points)).toBe(0.5);
    expect(calibrate(1, points)).toBe(0.9);
  });

  it('never lets a higher raw score mean a lower confidence', () => {
    const points = fitCalibration([
      ...outcomes(0.6, 9, 1),
      ...outcomes(0.7, 4, 6),
      ...outcomes(0.9, 10, 0),
    ]);
    const accuracies = points.map((p) => p.accuracy);
    expect(accuracies).toEqual([...accuracies].sort((a, b) => a - b));
    expect(points.at(-1)?.accuracy).toBe(0.99);
  });

  it('leaves scores alone without a map', () => {
    expect(calibrate(0.42, [])).toBe(0.42);
  });
});
