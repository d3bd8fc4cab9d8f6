// Leave-one-source-out evaluation of mapping suggestions, and calibration per confidence band.
//
// Forms from the same repository share authors, naming habits and often whole field sets, so a
// threshold or confidence map chosen while looking at a form flatters it. Here, for each source
// repository in turn, the threshold and the confidence map are chosen on the forms of every
// other source only, and the engine is then scored on the held-out source's forms with them.
// Summed over sources, that is what to expect on forms from a source nobody here has seen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CalibrationPoint, RawOutcome } from '../src/suggest/calibration.ts';
import { calibrate, fitBeta } from '../src/suggest/calibration.ts';
import { corpusDir } from './corpus.ts';
import type { DetectedForm, Totals } from './eval-suggest-core.ts';
import { precisionOf, recallOf, scoreForm, totalsOf } from './eval-suggest-core.ts';

/** Precision the threshold is chosen to reach on the other sources. */
export const TARGET_PRECISION = 0.95;
/** Raw scores below this are never considered (the engine's floor for collecting outcomes). */
const SCAN_FLOOR = 0.45;
const SCAN_STEP = 0.01;
/**
 * Confidence bands for the calibration table, as [from, to): 5 points wide from 0.55 (the lowest
 * confidence the shipped map gives), what issue 28 asks calibration to hold within 5 points.
 */
export const BANDS: readonly [number, number][] = [
  [0, 0.55],
  ...Array.from({ length: 9 }, (_, i): [number, number] => [
    0.55 + i * 0.05,
    i === 8 ? 1.01 : 0.6 + i * 0.05,
  ]),
];

export type CalibratedOutcome = { confidence: number; isCorrect: boolean };
export type SourceResult = {
  source: string;
  forms: number;
  threshold: number;
  totals: Totals;
  outcomes: CalibratedOutcome[];
};
export type LosoResult = { sources: SourceResult[]; totals: Totals };

/** Source repository of each corpus PDF, from the corpus manifest. */
export function sourceOfPdf(corpus = corpusDir()): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(corpus, 'manifest.json'), 'utf8')) as {
    file: string;
    source_repo: string;
  }[];
  return new Map(manifest.map((entry) => [entry.file, entry.source_repo]));
}

/** Raw outcomes of every suggestion at the scan floor, per form. */
function rawOutcomes(forms: readonly DetectedForm[]): Map<string, RawOutcome[]> {
  const byForm = new Map<string, RawOutcome[]>();
  for (const form of forms) {
    const result = scoreForm(form, { threshold: SCAN_FLOOR, calibration: [] });
    byForm.set(
      form.form,
      result.scores.map((s) => ({ raw: s.score, isCorrect: s.isCorrect })),
    );
  }
  return byForm;
}

/**
 * The lowest raw threshold at which the outcomes reach the target precision (raising the
 * threshold only drops the lowest-scored suggestions): the most recall that precision allows.
 */
export function chooseThreshold(
  outcomes: readonly RawOutcome[],
  target = TARGET_PRECISION,
): number {
  for (let t = SCAN_FLOOR; t <= 1 + 1e-9; t += SCAN_STEP) {
    const kept = outcomes.filter((o) => o.raw >= t - 1e-9);
    const correct = kept.filter((o) => o.isCorrect).length;
    if (kept.length === 0 || correct / kept.length >= target) {
      return Math.round(t * 100) / 100;
    }
  }
  return 1;
}

/** Thresholds and confidence maps chosen without each source, applied to it. */
export function evaluateLoso(
  forms: readonly DetectedForm[],
  sourceOf: ReadonlyMap<string, string>,
): LosoResult {
  const outcomes = rawOutcomes(forms);
  const source = (form: DetectedForm) => sourceOf.get(form.labels.pdf) ?? form.labels.pdf;
  const sources = [...new Set(forms.map(source))].sort();
  const results: SourceResult[] = sources.map((name) => {
    const held = forms.filter((form) => source(form) === name);
    const train = forms
      .filter((form) => source(form) !== name)
      .flatMap((form) => outcomes.get(form.form) ?? []);
    const threshold = chooseThreshold(train);
    const calibration: CalibrationPoint[] = fitBeta(train.filter((o) => o.raw >= threshold));
    const scored = held.map((form) => scoreForm(form, { threshold, calibration: [] }));
    return {
      source: name,
      forms: held.length,
      threshold,
      totals: totalsOf(scored),
      outcomes: scored.flatMap((r) =>
        r.scores.map((s) => ({
          confidence: calibrate(s.score, calibration),
          isCorrect: s.isCorrect,
        })),
      ),
    };
  });
  return { sources: results, totals: totalsOf(results.map((r) => ({ ...r.totals }))) };
}

/** The shipped confidence map: fitted on every labelled form at the default threshold. */
export function fitShippedCalibration(
  forms: readonly DetectedForm[],
  threshold: number,
): CalibrationPoint[] {
  return fitBeta(
    forms.flatMap((form) =>
      scoreForm(form, { threshold, calibration: [] }).scores.map((s) => ({
        raw: s.score,
        isCorrect: s.isCorrect,
      })),
    ),
  );
}

/**
 * The shipped confidence map checked by repository: at the shipped threshold, for each source
 * in turn, the map is fitted on every other source's suggestions and applied to the held-out
 * source's. What the calibration table of a set nobody fitted on should look like.
 */
export function crossValidateCalibration(
  forms: readonly DetectedForm[],
  sourceOf: ReadonlyMap<string, string>,
  threshold: number,
): CalibratedOutcome[] {
  const source = (form: DetectedForm) => sourceOf.get(form.labels.pdf) ?? form.labels.pdf;
  const outcomes = new Map(
    forms.map((form) => [
      form.form,
      scoreForm(form, { threshold, calibration: [] }).scores.map((s) => ({
        raw: s.score,
        isCorrect: s.isCorrect,
      })),
    ]),
  );
  return [...new Set(forms.map(source))].flatMap((name) => {
    const of = (held: boolean) =>
      forms
        .filter((form) => (source(form) === name) === held)
        .flatMap((form) => outcomes.get(form.form) ?? []);
    const calibration = fitBeta(of(false));
    return of(true).map((o) => ({
      confidence: Math.round(calibrate(o.raw, calibration) * 100) / 100,
      isCorrect: o.isCorrect,
    }));
  });
}

/** Accuracy against mean stated confidence, per band. */
export function formatCalibration(outcomes: readonly CalibratedOutcome[]): string {
  const lines = ['band        n  mean conf  accuracy  gap'];
  for (const [from, to] of BANDS) {
    const inBand = outcomes.filter((o) => o.confidence >= from && o.confidence < to);
    if (inBand.length === 0) {
      lines.push(`${from.toFixed(2)}–${Math.min(1, to).toFixed(2)}  ${'0'.padStart(4)}`);
      continue;
    }
    const mean = inBand.reduce((sum, o) => sum + o.confidence, 0) / inBand.length;
    const accuracy = inBand.filter((o) => o.isCorrect).length / inBand.length;
    lines.push(
      `${from.toFixed(2)}–${Math.min(1, to).toFixed(2)}  ${String(inBand.length).padStart(4)}` +
        `  ${mean.toFixed(2).padStart(9)}  ${accuracy.toFixed(2).padStart(8)}` +
        `  ${((accuracy - mean) * 100).toFixed(1).padStart(5)}`,
    );
  }
  return lines.join('\n');
}

/** Per-source and overall figures. */
export function formatLoso(result: LosoResult): string {
  const lines = [
    'source                              forms  thr  labelled suggested correct  prec  recall',
  ];
  for (const r of result.sources) {
    lines.push(
      `${r.source.padEnd(36)} ${String(r.forms).padStart(5)} ${r.threshold.toFixed(2)} ` +
        `${String(r.totals.labelled).padStart(9)} ${String(r.totals.suggested).padStart(9)} ` +
        `${String(r.totals.correct).padStart(7)}  ${precisionOf(r.totals).toFixed(2)}  ` +
        `${recallOf(r.totals).toFixed(2)}`,
    );
  }
  const t = result.totals;
  lines.push(
    '',
    `LEAVE-ONE-SOURCE-OUT: ${t.correct}/${t.suggested} correct, ${t.labelled} labelled: ` +
      `precision ${precisionOf(t).toFixed(3)}, recall ${recallOf(t).toFixed(3)}`,
    '',
    'Calibration (confidence map fitted without the source):',
    formatCalibration(result.sources.flatMap((r) => r.outcomes)),
  );
  return lines.join('\n');
}
