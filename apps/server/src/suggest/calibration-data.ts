// The confidence levels fitted on the development set of the labelled forms (calibration-levels.ts).
// Written by `node apps/server/test/eval-suggest.ts --fit-calibration`; do not edit by hand.
import type { ConfidenceLevels } from './calibration-levels.ts';

export const SUGGEST_CONFIDENCE: ConfidenceLevels = {
  cuts: [0.7, 0.85, 0.95],
  authored: [0.69, 0.855, 0.983, 0.983],
  printed: [0.735, 0.892, 0.892, 0.983],
};
