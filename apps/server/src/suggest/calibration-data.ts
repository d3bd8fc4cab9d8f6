// The confidence map fitted on the labelled evaluation set (see calibration.ts). Written by
// `node apps/server/test/eval-suggest.ts --fit-calibration`; do not edit by hand.
import type { CalibrationPoint } from './calibration.ts';

export const SUGGEST_CALIBRATION: readonly CalibrationPoint[] = [
  { raw: 0.612, accuracy: 0.75 },
  { raw: 0.645, accuracy: 0.796 },
  { raw: 0.68, accuracy: 0.857 },
  { raw: 0.709, accuracy: 0.905 },
  { raw: 0.811, accuracy: 0.925 },
  { raw: 0.949, accuracy: 0.99 },
  { raw: 1, accuracy: 0.99 },
];
