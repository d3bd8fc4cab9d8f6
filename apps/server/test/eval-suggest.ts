// Command line of the mapping-suggestion evaluation (eval-suggest-core.ts, eval-suggest-loso.ts,
// eval-suggest-split.ts). Every mode works on the development set only, except --sealed, which
// prints the sealed set's aggregate figures and nothing that names a form or a field.
//
//   node apps/server/test/eval-suggest.ts            (corpus from $FORMBRIDGE_CORPUS or ../shared/corpus)
//   node apps/server/test/eval-suggest.ts --misses   (also list labelled fields left without a suggestion)
//   node apps/server/test/eval-suggest.ts --sweep    (precision and recall at other thresholds)
//   node apps/server/test/eval-suggest.ts --threshold=0.55   (run at another raw threshold)
//   node apps/server/test/eval-suggest.ts --loso     (leave-one-source-out figures and calibration)
//   node apps/server/test/eval-suggest.ts --loso --misses   (also every miss there, by cause)
//   node apps/server/test/eval-suggest.ts --explain=FORM   (every suggestion on one dev form)
//   node apps/server/test/eval-suggest.ts --fit-calibration   (rewrite the shipped confidence map)
//   node apps/server/test/eval-suggest.ts --calibration-cv   (the map refitted without each source)
//   node apps/server/test/eval-suggest.ts --calibration-splits   (fitted on 60 % of sources, checked on 40 %)
//   node apps/server/test/eval-suggest.ts --check-labels   (label files against detection, all forms)
//   node apps/server/test/eval-suggest.ts --write-split    (rewrite fixtures/eval-split.json)
//   node apps/server/test/eval-suggest.ts --sealed   (sealed aggregates: once, at the end of a stop)
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SUGGEST_THRESHOLD } from '../src/suggest/suggest-field-mappings.ts';
import { corpusDir, REPO_ROOT } from './corpus.ts';
import type { LabelFile } from './eval-suggest-core.ts';
import {
  detectLabelledForms,
  evaluateSuggestions,
  formatReport,
  formatSweep,
  loadLabelFiles,
  scoreForm,
} from './eval-suggest-core.ts';
import {
  betaCalibrator,
  crossValidateCalibration,
  evaluateLoso,
  fitShippedCalibration,
  formatCalibration,
  formatLevels,
  formatLoso,
  levelsCalibrator,
  rawOutcomes,
  sourceOfPdf,
} from './eval-suggest-loso.ts';
import {
  bootstrapFit,
  fitLevelsByEvidence,
  formatLevelSpread,
  formatSplits,
  repositorySplits,
} from './eval-suggest-calibration-splits.ts';
import { confidenceOf, fitLevels } from '../src/suggest/calibration-levels.ts';
import { formatMisses, losoMisses } from './eval-suggest-misses.ts';
import type { EvalSet } from './eval-suggest-split.ts';
import {
  aggregateFigures,
  DEV_PERCENT,
  formatAggregate,
  SPLIT_FILE,
  SPLIT_SALT,
  splitOfForm,
} from './eval-suggest-split.ts';

const CALIBRATION_FILE = join(REPO_ROOT, 'apps/server/src/suggest/calibration-data.ts');
const args = process.argv.slice(2);
const pdfDir = join(corpusDir(), 'pdf');

function inSet(set: EvalSet): (labels: LabelFile) => boolean {
  const sources = sourceOfPdf();
  return (labels) => splitOfForm(labels, sources) === set;
}
const isDev = existsSync(pdfDir) ? inSet('dev') : () => false;

if (!existsSync(pdfDir)) {
  console.log(`PDF corpus not found at ${pdfDir} (set FORMBRIDGE_CORPUS)`);
} else if (args.includes('--sealed')) {
  const result = await evaluateSuggestions(pdfDir, DEFAULT_SUGGEST_THRESHOLD, inSet('sealed'));
  const problems = result.forms.reduce((sum, f) => sum + f.problems.length, 0);
  console.log(formatAggregate('SEALED SET', aggregateFigures(result.forms)));
  for (const set of ['tuning', 'holdout'] as const) {
    const title =
      set === 'tuning'
        ? 'sealed forms an earlier engine was tuned on'
        : 'sealed forms no engine was tuned on';
    const forms = result.forms.filter((f) => f.set === set);
    console.log(`\n${formatAggregate(title, aggregateFigures(forms))}`);
  }
  console.log(`\nlabel/detection disagreements on sealed forms: ${problems}`);
} else if (args.includes('--check-labels')) {
  // Detection only, no engine: safe on sealed forms.
  for (const { form, labels, fields } of await detectLabelledForms(pdfDir)) {
    const names = Object.keys(fields);
    for (const name of names.filter((n) => !(n in labels.labels))) {
      console.log(`${form}: unlabelled field ${name}`);
    }
    for (const name of Object.keys(labels.labels).filter((n) => !(n in fields))) {
      console.log(`${form}: label for a field the form does not have: ${name}`);
    }
  }
} else if (args.includes('--write-split')) {
  const sources = sourceOfPdf();
  const forms = Object.fromEntries(
    loadLabelFiles().map(({ form, labels }) => [
      form,
      { pdf: labels.pdf, repository: sources.get(labels.pdf), set: splitOfForm(labels, sources) },
    ]),
  );
  const body = { salt: SPLIT_SALT, dev_percent: DEV_PERCENT, forms };
  writeFileSync(SPLIT_FILE, `${JSON.stringify(body, null, 2)}\n`);
  console.log(`split of ${Object.keys(forms).length} forms written to ${SPLIT_FILE}`);
} else if (args.includes('--loso')) {
  const forms = await detectLabelledForms(pdfDir, isDev);
  const loso = evaluateLoso(forms, sourceOfPdf());
  console.log(formatLoso(loso));
  if (args.includes('--misses')) {
    console.log(`\n${formatMisses(losoMisses(forms, sourceOfPdf(), loso))}`);
  }
} else if (args.some((arg) => arg.startsWith('--explain='))) {
  const wanted = args.find((arg) => arg.startsWith('--explain='))?.split('=')[1] ?? '';
  const forms = (await detectLabelledForms(pdfDir, isDev)).filter((form) => form.form === wanted);
  if (forms.length === 0) {
    console.log(`${wanted} is not a development form (sealed forms are never explained)`);
  }
  for (const s of forms.flatMap((form) => scoreForm(form, {}).suggestions)) {
    const verdict = s.suggested_field_key === s.expected ? 'ok ' : `BAD (expected ${s.expected})`;
    console.log(
      `${verdict} ${s.field_name} → ${s.suggested_field_key} ${s.confidence_score}: ${s.reason}`,
    );
  }
} else if (args.includes('--calibration-cv')) {
  const forms = await detectLabelledForms(pdfDir, isDev);
  for (const [name, calibrator] of [
    ['confidence levels (shipped)', levelsCalibrator],
    ['beta curve (before)', betaCalibrator],
  ] as const) {
    const outcomes = crossValidateCalibration(
      forms,
      sourceOfPdf(),
      DEFAULT_SUGGEST_THRESHOLD,
      calibrator,
    );
    const byFold = outcomes.map(({ confidence, isCorrect }) => ({ confidence, isCorrect }));
    console.log(
      `${name}, fitted without each development repository, applied to it\n` +
        `per level of the map fitted on all development forms:\n${formatLevels(outcomes)}\n` +
        `banded by the map fitted on all development forms:\n${formatCalibration(outcomes)}\n` +
        `banded by the held-out fold's own value:\n${formatCalibration(byFold)}\n`,
    );
  }
} else if (args.includes('--calibration-splits')) {
  const forms = await detectLabelledForms(pdfDir, isDev);
  const outcomes = [
    ...rawOutcomes(forms, sourceOfPdf(), DEFAULT_SUGGEST_THRESHOLD).values(),
  ].flat();
  const methods = [
    ['levels, both evidence kinds together (shipped)', fitLevels],
    ['levels, each evidence kind its own figure (before)', fitLevelsByEvidence],
  ] as const;
  for (const [name, fit] of methods) {
    const report = repositorySplits(outcomes, (train) => {
      const levels = fit(train);
      return (o) => confidenceOf(o.raw, o.evidence, levels);
    });
    console.log(`${formatSplits(name, report)}\n`);
  }
  for (const q of [0.3, 0.5]) {
    const name = `repository bootstrap, ${q * 100}th percentile per level, kinds together`;
    console.log(`${formatSplits(name, repositorySplits(outcomes, bootstrapFit(q)))}\n`);
  }
  console.log(
    `accuracy per level across development repositories:\n${formatLevelSpread(outcomes)}`,
  );
} else if (args.includes('--fit-calibration')) {
  const forms = await detectLabelledForms(pdfDir, isDev);
  const levels = fitShippedCalibration(forms, sourceOfPdf(), DEFAULT_SUGGEST_THRESHOLD);
  const list = (values: readonly (number | boolean)[] = []) => `[${values.join(', ')}]`;
  writeFileSync(
    CALIBRATION_FILE,
    [
      '// The confidence levels fitted on the development set of the labelled forms (calibration-levels.ts).',
      '// Written by `node apps/server/test/eval-suggest.ts --fit-calibration`; do not edit by hand.',
      "import type { ConfidenceLevels } from './calibration-levels.ts';",
      '',
      'export const SUGGEST_CONFIDENCE: ConfidenceLevels = {',
      `  cuts: ${list(levels?.cuts)},`,
      `  authored: ${list(levels?.authored)},`,
      `  printed: ${list(levels?.printed)},`,
      '  applyAll: {',
      `    authored: ${list(levels?.applyAll?.authored)},`,
      `    printed: ${list(levels?.applyAll?.printed)},`,
      '  },',
      '};',
      '',
    ].join('\n'),
  );
  console.log(`confidence levels written to ${CALIBRATION_FILE}`);
} else {
  const isSweep = args.includes('--sweep');
  const sweepFrom = 0.4;
  const thresholdArg = args.find((arg) => arg.startsWith('--threshold='));
  const threshold = isSweep ? sweepFrom : Number(thresholdArg?.split('=')[1] ?? NaN);
  const result = await evaluateSuggestions(
    pdfDir,
    Number.isFinite(threshold) ? threshold : undefined,
    isDev,
  );
  console.log(
    isSweep ? formatSweep(result, sweepFrom) : formatReport(result, args.includes('--misses')),
  );
  if (!isSweep) {
    const outcomes = result.forms.flatMap((f) =>
      f.scores.map((s) => ({ confidence: s.score, isCorrect: s.isCorrect })),
    );
    console.log(
      `\nCalibration of the shown confidence (development set):\n${formatCalibration(outcomes)}`,
    );
    console.log(`\n${formatAggregate('DEVELOPMENT SET', aggregateFigures(result.forms))}`);
  }
}
