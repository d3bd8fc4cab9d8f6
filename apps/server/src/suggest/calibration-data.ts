// The confidence map fitted on the labelled evaluation set (see calibration.ts). Written by
// `node apps/server/test/eval-suggest.ts --fit-calibration`; do not edit by hand.
import type { CalibrationPoint } from './calibration.ts';

export const SUGGEST_CALIBRATION: readonly CalibrationPoint[] = [
  { raw: 0.605, accuracy: 0.786 },
  { raw: 0.634999, accuracy: 0.786 },
  { raw: 0.635, accuracy: 0.818 },
  { raw: 0.694999, accuracy: 0.818 },
  { raw: 0.695, accuracy: 0.929 },
  { raw: 0.724999, accuracy: 0.929 },
  { raw: 0.725, accuracy: 0.93 },
  { raw: 0.854999, accuracy: 0.93 },
  { raw: 0.855, accuracy: 0.99 },
  { raw: 1.004999, accuracy: 0.99 },
];
