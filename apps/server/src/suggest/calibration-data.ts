// The confidence levels fitted on the development set of the labelled forms (calibration-levels.ts).
// Written by `node apps/server/test/eval-suggest.ts --fit-calibration`; do not edit by hand.
import type { ConfidenceLevels } from './calibration-levels.ts';

export const SUGGEST_CONFIDENCE: ConfidenceLevels = {
  cuts: [0.85],
  authored: [0.815, 0.965],
  printed: [0.815, 0.965],
  applyAll: {
    authored: [false, true],
    printed: [false, false],
  },
};
