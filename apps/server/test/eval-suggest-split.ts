// The development / sealed split of the labelled forms, and the aggregate figures the sealed set
// may be reported by.
//
// Forms are split by the repository they come from (the corpus manifest's `source_repo`), never
// form by form: forms of one repository share authors, naming habits and often whole field sets,
// so tuning on one of them is tuning on its siblings. The rule is fixed and needs no judgement:
// a repository is in the development set when the first 8 hex digits of
// sha256(SPLIT_SALT + repository), read as a number, modulo 100, are below DEV_PERCENT.
// Everything the engine is built from (lexicon, rules, weights, threshold,
// calibration) may only be looked at on development forms; sealed forms are reported only as the
// aggregates below (eval-suggest.ts --sealed), never a form or a miss at a time.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Suggestion } from '@formbridge/contract/mappings';
import {
  DEFAULT_APPLY_ALL_PERCENT,
  suggestionsToApply,
} from '@formbridge/contract/suggestion-apply';
import type { FormResult, LabelFile } from './eval-suggest-core.ts';
import { NONE, precisionOf, recallOf, totalsOf } from './eval-suggest-core.ts';
import { REPO_ROOT } from './corpus.ts';

export const SPLIT_SALT = 'formbridge-eval-split-v1:';
/** The split as committed: every labelled form with its repository and set. */
export const SPLIT_FILE = join(REPO_ROOT, 'apps/server/test/fixtures/eval-split.json');
export const DEV_PERCENT = 60;
export type EvalSet = 'dev' | 'sealed';

/** Which set a source repository's forms belong to. */
export function splitOfRepository(repository: string): EvalSet {
  const digest = createHash('sha256')
    .update(SPLIT_SALT + repository)
    .digest('hex');
  return Number.parseInt(digest.slice(0, 8), 16) % 100 < DEV_PERCENT ? 'dev' : 'sealed';
}

/** The set of one labelled form, from its PDF's source repository. */
export function splitOfForm(labels: LabelFile, sourceOf: ReadonlyMap<string, string>): EvalSet {
  const repository = sourceOf.get(labels.pdf);
  if (repository === undefined) {
    throw new Error(`${labels.pdf} is not in the corpus manifest: its set is unknown`);
  }
  return splitOfRepository(repository);
}

// The record's own identity: names, address parts, birth, identity numbers, contact. Keys of a
// linked table or naming another person (spouse, parent, preparer …) are not the record's.
const IDENTITY_WORDS =
  /name|nom|nombre|apellid|vorname|nachname|imi[eę]|nazwisk|address|adres|anschrift|street|stra[sß]e|rue|calle|ulica|city|ort\b|ville|localid|miejscow|zip|plz|postal|postcode|kod poczt|birth|geburt|naissance|nacimiento|urodzeni|ssn|social security|pesel|dni|nif|phone|telefon|t[ée]l[ée]phone|mobile|e-?mail/i;
const OTHER_PERSON_WORDS =
  /spouse|partner|parent|guardian|tutor|father|mother|employer|preparer|witness|opposing|petitioner b|holder name|erziehungsberechtigt|ehegatte|\bm[ãa]e\b|\bpai\b|madre|padre|m[èe]re\b|p[èe]re\b|mutter|vater|matk|ojc/i;

/** True when a target key is one of the record's own identity fields. */
export function isRecordIdentityKey(key: string): boolean {
  if (key === NONE || key.startsWith('universal::') || key.includes('.')) {
    return false;
  }
  return IDENTITY_WORDS.test(key) && !OTHER_PERSON_WORDS.test(key);
}

/**
 * The record's identity written where it does not belong: a suggestion of one of the record's
 * own identity fields on a form field whose right answer is not one of them (another party's
 * box, a linked table's field, or nothing). An upper bound on "identity into another party's
 * block": it also counts a name put into a box that should stay empty.
 */
export function isIdentityMisplaced(suggestion: {
  suggested_field_key: string;
  expected: string;
}): boolean {
  return (
    isRecordIdentityKey(suggestion.suggested_field_key) &&
    suggestion.suggested_field_key !== suggestion.expected &&
    !isRecordIdentityKey(suggestion.expected)
  );
}

/** 5-point confidence bands from the lowest shown confidence up. */
export const FIVE_POINT_BANDS: readonly [number, number][] = Array.from({ length: 9 }, (_, i) => [
  0.55 + i * 0.05,
  i === 8 ? 1.01 : 0.6 + i * 0.05,
]);

export type BandFigure = {
  from: number;
  to: number;
  n: number;
  meanConfidence: number;
  accuracy: number;
};
export type AggregateFigures = {
  forms: number;
  labelled: number;
  suggested: number;
  correct: number;
  precision: number;
  recall: number;
  applyAll: { percent: number; applied: number; correct: number; precision: number };
  bands: BandFigure[];
  identityMisplaced: number;
};

type Scored = Suggestion & { expected: string };

/** Precision/recall, Apply All, calibration bands and misplaced identity over some forms. */
export function aggregateFigures(
  forms: readonly FormResult[],
  applyAllPercent = DEFAULT_APPLY_ALL_PERCENT,
): AggregateFigures {
  const totals = totalsOf(forms);
  const suggestions: Scored[] = forms.flatMap((f) => f.suggestions);
  const applied = suggestionsToApply(suggestions, new Set(), applyAllPercent) as Scored[];
  const appliedCorrect = applied.filter((s) => s.suggested_field_key === s.expected).length;
  const bands = FIVE_POINT_BANDS.map(([from, to]) => {
    const inBand = suggestions.filter(
      (s) => s.confidence_score >= from - 1e-9 && s.confidence_score < to - 1e-9,
    );
    const n = inBand.length;
    return {
      from,
      to: Math.min(1, to),
      n,
      meanConfidence: n === 0 ? 0 : inBand.reduce((sum, s) => sum + s.confidence_score, 0) / n,
      accuracy: n === 0 ? 0 : inBand.filter((s) => s.suggested_field_key === s.expected).length / n,
    };
  });
  return {
    forms: forms.length,
    ...totals,
    precision: precisionOf(totals),
    recall: recallOf(totals),
    applyAll: {
      percent: applyAllPercent,
      applied: applied.length,
      correct: appliedCorrect,
      precision: applied.length === 0 ? 1 : appliedCorrect / applied.length,
    },
    bands,
    identityMisplaced: suggestions.filter(isIdentityMisplaced).length,
  };
}

const f2 = (value: number) => value.toFixed(2);
const f3 = (value: number) => value.toFixed(3);

/** The aggregate figures as text: nothing in it names a form or a field. */
export function formatAggregate(title: string, figures: AggregateFigures): string {
  const a = figures.applyAll;
  const lines = [
    `${title}: ${figures.forms} forms, ${figures.labelled} labelled fields`,
    `  precision ${f3(figures.precision)}  recall ${f3(figures.recall)}  ` +
      `(${figures.correct} right of ${figures.suggested} suggested)`,
    `  Apply All at ${a.percent} %: ${a.correct} right of ${a.applied} written, precision ${f3(a.precision)}`,
    `  record identity written where it does not belong: ${figures.identityMisplaced}`,
    '  band         n  mean conf  accuracy    gap',
  ];
  for (const band of figures.bands) {
    lines.push(
      `  ${f2(band.from)}–${f2(band.to)} ${String(band.n).padStart(4)}` +
        (band.n === 0
          ? ''
          : `  ${f2(band.meanConfidence).padStart(9)}  ${f2(band.accuracy).padStart(8)}` +
            `  ${((band.accuracy - band.meanConfidence) * 100).toFixed(1).padStart(5)}`),
    );
  }
  return lines.join('\n');
}
