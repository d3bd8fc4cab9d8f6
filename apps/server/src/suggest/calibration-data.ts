// The confidence levels fitted on the development set of the labelled forms (calibration-levels.ts).
// Written by `node apps/server/test/eval-suggest.ts --fit-calibration`; do not edit by hand.
import type { ConfidenceLevels } from './calibration-levels.ts';

export const SUGGEST_CONFIDENCE: ConfidenceLevels = {
  cuts: [0.7, 0.85, 0.95],
  authored: [0.789, 0.859, 0.989, 0.989],
  printed: [0.857, 0.962, 0.979, 0.989],
};
