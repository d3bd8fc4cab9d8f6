// The confidence map fitted on the labelled evaluation set (see calibration.ts). Written by
// `node apps/server/test/eval-suggest.ts --fit-calibration`; do not edit by hand.
import type { CalibrationPoint } from './calibration.ts';

export const SUGGEST_CALIBRATION: readonly CalibrationPoint[] = [
  { raw: 0.615, accuracy: 0.625 },
  { raw: 0.644, accuracy: 0.82 },
  { raw: 0.68, accuracy: 0.857 },
  { raw: 0.709, accuracy: 0.905 },
  { raw: 0.812, accuracy: 0.926 },
  { raw: 0.95, accuracy: 0.99 },
  { raw: 1, accuracy: 0.99 },
];
