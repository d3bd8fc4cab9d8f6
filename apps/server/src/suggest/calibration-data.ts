// The confidence levels fitted on the development set of the labelled forms (calibration-levels.ts).
// Written by `node apps/server/test/eval-suggest.ts --fit-calibration`; do not edit by hand.
import type { ConfidenceLevels } from './calibration-levels.ts';

export const SUGGEST_CONFIDENCE: ConfidenceLevels = {
  cuts: [0.7, 0.85, 0.95],
  authored: [0.778, 0.859, 0.988, 0.988],
  printed: [0.844, 0.921, 0.978, 0.988],
};
