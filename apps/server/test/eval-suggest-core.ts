// Measured evaluation of the mapping suggestion engine on real forms.
//
// Each file in test/fixtures/mapping-labels names a corpus PDF, a table schema a user of that form
// would plausibly have (with linked tables and combination rules), and — written by hand from the
// printed form — the right mapping key for every field of the form, or "none". This script runs
// field detection and the engine on each form and reports precision (correct suggestions /
// suggestions made) and recall (correct suggestions / fields labelled with a key), per form and
// overall, with every wrong pair.
//
// The command line is eval-suggest.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Suggestion } from '@formbridge/contract/mappings';
import type { CombinationRule, Field, FieldType } from '@formbridge/contract/tables';
import { UNIVERSAL_FIELDS } from '@formbridge/contract/universal-fields';
import { detectFields } from '../src/pdf/detect/detect-fields.ts';
import type { EvidenceKind } from '../src/suggest/calibration-levels.ts';
import {
  DEFAULT_SUGGEST_THRESHOLD,
  engineSuggestions,
} from '../src/suggest/suggest-field-mappings.ts';
import type { SuggestOptions, SuggestTable } from '../src/suggest/suggest-types.ts';
import type { FieldDataDto } from '@formbridge/contract/templates';
import { corpusDir, REPO_ROOT } from './corpus.ts';

export const LABELS_DIR = join(REPO_ROOT, 'apps/server/test/fixtures/mapping-labels');
export const NONE = 'none';

type LabelField = { name: string; type: FieldType; label?: string; linked_table_id?: string };
type LabelRule = { name: string; source_fields: string[]; separator: string; label?: string };
type LabelTable = { name: string; fields: LabelField[]; combination_rules: LabelRule[] };
export type LabelFile = {
  pdf: string;
  /** `tuning`: the engine was tuned while looking at these; `holdout`: labelled and never tuned on. */
  set: 'tuning' | 'holdout';
  description: string;
  table: LabelTable;
  linked_tables: { link_field: string; table: LabelTable }[];
  labels: Record<string, string>;
  notes?: Record<string, string>;
};

export type WrongPair = { field: string; suggested: string; expected: string; score: number };
export type FormResult = {
  form: string;
  set: LabelFile['set'];
  fields: number;
  labelled: number;
  suggested: number;
  correct: number;
  wrong: WrongPair[];
  missed: { field: string; expected: string }[];
  /** Label file and detection disagree on the field list: the labels need updating. */
  problems: string[];
  engineMs: number;
  /** Every suggestion's score and whether it was right, for threshold sweeps. */
  scores: ScoredOutcome[];
  /** The engine's answer as the API gives it, with each field's expected key. */
  suggestions: (Suggestion & { expected: string })[];
};
/**
 * `score`: the shown confidence; `raw` and `evidence`: what the confidence levels read;
 * `mayApply`: nothing about the box keeps it from Apply All (apply-eligibility.ts).
 */
export type ScoredOutcome = {
  score: number;
  raw: number;
  evidence: EvidenceKind;
  isCorrect: boolean;
  mayApply: boolean;
};
export type Totals = { labelled: number; suggested: number; correct: number };
export type EvalResult = { forms: FormResult[]; totals: Totals; missingCorpus: string | null };

/** Sums over some forms. */
export function totalsOf(forms: readonly Totals[]): Totals {
  return forms.reduce<Totals>(
    (sum, f) => ({
      labelled: sum.labelled + f.labelled,
      suggested: sum.suggested + f.suggested,
      correct: sum.correct + f.correct,
    }),
    { labelled: 0, suggested: 0, correct: 0 },
  );
}

export function toTable(table: LabelTable): SuggestTable {
  const fields: Field[] = table.fields.map((field) => ({
    name: field.name,
    label: field.label ?? field.name,
    type: field.type,
    required: false,
    ...(field.linked_table_id ? { linked_table_id: field.linked_table_id } : {}),
  }));
  const rules: CombinationRule[] = table.combination_rules.map((rule) => ({
    name: rule.name,
    label: rule.label ?? rule.name,
    source_fields: rule.source_fields,
    separator: rule.separator,
  }));
  return { name: table.name, fields, combination_rules: rules };
}

/** Every label file, in file-name order. */
export function loadLabelFiles(): { form: string; labels: LabelFile }[] {
  return readdirSync(LABELS_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      form: file.replace(/\.json$/, ''),
      labels: JSON.parse(readFileSync(join(LABELS_DIR, file), 'utf8')) as LabelFile,
    }));
}

/** A labelled form with its detected fields: detection runs once, the engine as often as needed. */
export type DetectedForm = { form: string; labels: LabelFile; fields: FieldDataDto };

/** Field detection on every labelled form `include` accepts (all by default). */
export async function detectLabelledForms(
  pdfDir: string,
  include: (labels: LabelFile) => boolean = () => true,
): Promise<DetectedForm[]> {
  const forms: DetectedForm[] = [];
  for (const { form, labels } of loadLabelFiles().filter((file) => include(file.labels))) {
    const bytes = new Uint8Array(readFileSync(join(pdfDir, labels.pdf)));
    forms.push({ form, labels, fields: (await detectFields(bytes)).fields });
  }
  return forms;
}

/** The engine on one detected form, scored against its labels. */
export function scoreForm(
  { form, labels: file, fields }: DetectedForm,
  options: SuggestOptions,
): FormResult {
  const names = Object.keys(fields);
  const problems = [
    ...names.filter((name) => !(name in file.labels)).map((name) => `unlabelled field ${name}`),
    ...Object.keys(file.labels)
      .filter((name) => !(name in fields))
      .map((name) => `label for a field the form does not have: ${name}`),
  ];
  const started = performance.now();
  // The labelled forms carry no account history, so the engine's own suggestions are the answer.
  const scored = engineSuggestions(
    {
      fields,
      mappedFieldNames: new Set(),
      table: toTable(file.table),
      linkedTables: file.linked_tables.map((linked) => ({
        linkField: linked.link_field,
        table: toTable(linked.table),
      })),
      universalFields: UNIVERSAL_FIELDS,
    },
    options,
  );
  const engineMs = performance.now() - started;
  const suggestions = scored.map((s) => s.suggestion);
  const expected = (name: string) => file.labels[name] ?? NONE;
  const wrong: WrongPair[] = [];
  const scores: ScoredOutcome[] = [];
  let correct = 0;
  const suggestedFor = new Set<string>();
  for (const { suggestion, raw, evidence, mayApply } of scored) {
    suggestedFor.add(suggestion.field_name);
    const isCorrect = suggestion.suggested_field_key === expected(suggestion.field_name);
    scores.push({ score: suggestion.confidence_score, raw, evidence, isCorrect, mayApply });
    if (isCorrect) {
      correct++;
    } else {
      wrong.push({
        field: suggestion.field_name,
        suggested: suggestion.suggested_field_key,
        expected: expected(suggestion.field_name),
        score: suggestion.confidence_score,
      });
    }
  }
  const labelledNames = names.filter((name) => expected(name) !== NONE);
  const missed = labelledNames
    .filter((name) => !suggestedFor.has(name))
    .map((name) => ({ field: name, expected: expected(name) }));
  return {
    form,
    set: file.set,
    fields: names.length,
    labelled: labelledNames.length,
    suggested: suggestions.length,
    correct,
    wrong,
    missed,
    problems,
    engineMs,
    scores,
    suggestions: suggestions.map((s) => ({ ...s, expected: expected(s.field_name) })),
  };
}

/**
 * Runs detection and the engine on every labelled form `include` accepts; `missingCorpus` says
 * why none ran.
 */
export async function evaluateSuggestions(
  pdfDir = join(corpusDir(), 'pdf'),
  threshold = DEFAULT_SUGGEST_THRESHOLD,
  include: (labels: LabelFile) => boolean = () => true,
): Promise<EvalResult> {
  if (!existsSync(pdfDir)) {
    return {
      forms: [],
      totals: { labelled: 0, suggested: 0, correct: 0 },
      missingCorpus: `PDF corpus not found at ${pdfDir} (set FORMBRIDGE_CORPUS)`,
    };
  }
  const forms = (await detectLabelledForms(pdfDir, include)).map((form) =>
    scoreForm(form, { threshold }),
  );
  return { forms, totals: totalsOf(forms), missingCorpus: null };
}

/** Precision: correct / suggested (1 when nothing was suggested: no wrong suggestion was made). */
export function precisionOf(t: Totals): number {
  return t.suggested === 0 ? 1 : t.correct / t.suggested;
}

/** Recall: correct / labelled (1 when nothing was labelled: nothing was there to find). */
export function recallOf(t: Totals): number {
  return t.labelled === 0 ? 1 : t.correct / t.labelled;
}

const pct = (value: number) => value.toFixed(2);

/** The report the script prints: a table per form, overall figures, wrong pairs, problems. */
export function formatReport(result: EvalResult, showMisses: boolean): string {
  if (result.missingCorpus) {
    return result.missingCorpus;
  }
  const row = (name: string, fields: string, t: Totals) =>
    `${name.padEnd(34)} ${fields.padStart(6)} ${String(t.labelled).padStart(8)} ` +
    `${String(t.suggested).padStart(9)} ${String(t.correct).padStart(7)}  ` +
    `${pct(precisionOf(t))}  ${pct(recallOf(t))}`;
  const lines = [
    'form                               fields labelled suggested correct  prec  recall',
  ];
  for (const set of ['tuning', 'holdout'] as const) {
    const forms = result.forms.filter((f) => f.set === set);
    for (const f of forms) {
      lines.push(`${row(f.form, String(f.fields), f)}  ${f.engineMs.toFixed(1).padStart(5)} ms`);
    }
    lines.push(row(`(${set} set)`, '', totalsOf(forms)), '');
  }
  lines.push(row('OVERALL', '', result.totals));
  for (const f of result.forms) {
    for (const problem of f.problems) {
      lines.push(`PROBLEM ${f.form}: ${problem}`);
    }
  }
  lines.push('', 'Wrong pairs (field → suggested, expected):');
  for (const f of result.forms) {
    for (const w of f.wrong) {
      lines.push(`  ${f.form}: ${w.field} → ${w.suggested} (${w.score}), expected ${w.expected}`);
    }
  }
  if (showMisses) {
    lines.push('', 'Missed (labelled, nothing suggested):');
    for (const f of result.forms) {
      for (const m of f.missed) {
        lines.push(`  ${f.form}: ${m.field}, expected ${m.expected}`);
      }
    }
  }
  const engineMs = result.forms.reduce((sum, f) => sum + f.engineMs, 0);
  lines.push('', `engine time, all forms: ${engineMs.toFixed(1)} ms`);
  return lines.join('\n');
}

/**
 * Precision and recall had the threshold been higher: suggestions are assigned best score first,
 * so raising the threshold only drops the lowest of them (up to the odd repeat or reassignment).
 */
export function formatSweep(result: EvalResult, from: number): string {
  const outcomes = result.forms.flatMap((f) => f.scores);
  const lines = ['threshold  suggested correct  prec  recall'];
  for (let t = from; t <= 0.9 + 1e-9; t += 0.02) {
    const kept = outcomes.filter((o) => o.score >= t - 1e-9);
    const totals = {
      labelled: result.totals.labelled,
      suggested: kept.length,
      correct: kept.filter((o) => o.isCorrect).length,
    };
    lines.push(
      `${t.toFixed(2).padStart(9)}  ${String(totals.suggested).padStart(9)} ` +
        `${String(totals.correct).padStart(7)}  ${pct(precisionOf(totals))}  ${pct(recallOf(totals))}`,
    );
  }
  return lines.join('\n');
}
