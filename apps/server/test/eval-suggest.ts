// Command line of the mapping-suggestion evaluation (eval-suggest-core.ts, eval-suggest-loso.ts).
//
//   node apps/server/test/eval-suggest.ts            (corpus from $FORMBRIDGE_CORPUS or ../shared/corpus)
//   node apps/server/test/eval-suggest.ts --misses   (also list labelled fields left without a suggestion)
//   node apps/server/test/eval-suggest.ts --sweep    (precision and recall at other thresholds)
//   node apps/server/test/eval-suggest.ts --threshold=0.55   (run at another raw threshold)
//   node apps/server/test/eval-suggest.ts --loso     (leave-one-source-out figures and calibration)
//   node apps/server/test/eval-suggest.ts --loso --misses   (also every miss there, by cause)
//   node apps/server/test/eval-suggest.ts --explain=FORM   (every suggestion on one form, with its reason)
//   node apps/server/test/eval-suggest.ts --fit-calibration   (rewrite the shipped confidence map)
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SUGGEST_THRESHOLD } from '../src/suggest/suggest-field-mappings.ts';
import { corpusDir, REPO_ROOT } from './corpus.ts';
import {
  detectLabelledForms,
  evaluateSuggestions,
  formatReport,
  formatSweep,
  scoreForm,
} from './eval-suggest-core.ts';
import {
  evaluateLoso,
  fitShippedCalibration,
  formatCalibration,
  formatLoso,
  sourceOfPdf,
} from './eval-suggest-loso.ts';
import { formatMisses, losoMisses } from './eval-suggest-misses.ts';

const CALIBRATION_FILE = join(REPO_ROOT, 'apps/server/src/suggest/calibration-data.ts');
const args = process.argv.slice(2);
const pdfDir = join(corpusDir(), 'pdf');

if (!existsSync(pdfDir)) {
  console.log(`PDF corpus not found at ${pdfDir} (set FORMBRIDGE_CORPUS)`);
} else if (args.includes('--loso')) {
  const forms = await detectLabelledForms(pdfDir);
  const loso = evaluateLoso(forms, sourceOfPdf());
  console.log(formatLoso(loso));
  if (args.includes('--misses')) {
    console.log(`\n${formatMisses(losoMisses(forms, sourceOfPdf(), loso))}`);
  }
} else if (args.some((arg) => arg.startsWith('--explain='))) {
  const wanted = args.find((arg) => arg.startsWith('--explain='))?.split('=')[1] ?? '';
  const forms = (await detectLabelledForms(pdfDir)).filter((form) => form.form === wanted);
  for (const s of forms.flatMap((form) => scoreForm(form, {}).suggestions)) {
    const verdict = s.suggested_field_key === s.expected ? 'ok ' : `BAD (expected ${s.expected})`;
    console.log(
      `${verdict} ${s.field_name} → ${s.suggested_field_key} ${s.confidence_score}: ${s.reason}`,
    );
  }
} else if (args.includes('--fit-calibration')) {
  const forms = await detectLabelledForms(pdfDir);
  const points = fitShippedCalibration(forms, DEFAULT_SUGGEST_THRESHOLD);
  const body = points.map((p) => `  { raw: ${p.raw}, accuracy: ${p.accuracy} },`).join('\n');
  writeFileSync(
    CALIBRATION_FILE,
    [
      '// The confidence map fitted on the labelled evaluation set (see calibration.ts). Written by',
      '// `node apps/server/test/eval-suggest.ts --fit-calibration`; do not edit by hand.',
      "import type { CalibrationPoint } from './calibration.ts';",
      '',
      `export const SUGGEST_CALIBRATION: readonly CalibrationPoint[] = [\n${body}\n];`,
      '',
    ].join('\n'),
  );
  console.log(`${points.length} knots written to ${CALIBRATION_FILE}`);
} else {
  const isSweep = args.includes('--sweep');
  const sweepFrom = 0.4;
  const thresholdArg = args.find((arg) => arg.startsWith('--threshold='));
  const threshold = isSweep ? sweepFrom : Number(thresholdArg?.split('=')[1] ?? NaN);
  const result = await evaluateSuggestions(
    pdfDir,
    Number.isFinite(threshold) ? threshold : undefined,
  );
  console.log(
    isSweep ? formatSweep(result, sweepFrom) : formatReport(result, args.includes('--misses')),
  );
  if (!isSweep) {
    const outcomes = result.forms.flatMap((f) =>
      f.scores.map((s) => ({ confidence: s.score, isCorrect: s.isCorrect })),
    );
    console.log(
      `\nCalibration of the shown confidence (all forms):\n${formatCalibration(outcomes)}`,
    );
  }
}
