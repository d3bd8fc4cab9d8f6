// The confidence map fitted on the labelled evaluation set (see calibration.ts). Written by
// `node apps/server/test/eval-suggest.ts --fit-calibration`; do not edit by hand.
import type { CalibrationPoint } from './calibration.ts';

export const SUGGEST_CALIBRATION: readonly CalibrationPoint[] = [];
