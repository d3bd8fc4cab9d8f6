// Leave-one-source-out misses by cause: for each labelled field without a right suggestion at
// its source's threshold (chosen without that source, eval-suggest-loso.ts), why the engine did
// not make it. The categories say which general fix would pay: a caption problem, vocabulary,
// a neighbour's caption, a threshold question.
import { UNIVERSAL_FIELDS } from '@formbridge/contract/universal-fields';
import { scorePairs } from '../src/suggest/suggest-field-mappings.ts';
import type { SuggestInput } from '../src/suggest/suggest-types.ts';
import type { DetectedForm } from './eval-suggest-core.ts';
import { NONE, scoreForm, toTable } from './eval-suggest-core.ts';
import type { LosoResult } from './eval-suggest-loso.ts';

export type MissCause =
  | 'wrong: suggested another target'
  | 'no signal: the right target scores 0'
  | 'under threshold: right target ranked first'
  | 'outranked: another target scores higher'
  | 'under 0.5: right target ranked first'
  | 'assignment or close call';

export type Miss = {
  form: string;
  field: string;
  expected: string;
  cause: MissCause;
  /** Raw score of the right target, and of the best one. */
  score: number;
  best: number;
  bestKey: string;
  evidence: string;
};

function inputOf({ labels, fields }: DetectedForm): SuggestInput {
  return {
    fields,
    mappedFieldNames: new Set(),
    table: toTable(labels.table),
    linkedTables: labels.linked_tables.map((linked) => ({
      linkField: linked.link_field,
      table: toTable(linked.table),
    })),
    universalFields: UNIVERSAL_FIELDS,
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Every labelled field of the held-out forms without a right suggestion, with its cause. */
export function losoMisses(
  forms: readonly DetectedForm[],
  sourceOf: ReadonlyMap<string, string>,
  loso: LosoResult,
): Miss[] {
  const thresholdOf = new Map(loso.sources.map((s) => [s.source, s.threshold]));
  const misses: Miss[] = [];
  for (const form of forms) {
    const threshold = thresholdOf.get(sourceOf.get(form.labels.pdf) ?? form.labels.pdf) ?? 0.6;
    const result = scoreForm(form, { threshold, calibration: null });
    const suggested = new Map(result.suggestions.map((s) => [s.field_name, s]));
    const pairs = scorePairs(inputOf(form), 0);
    for (const [name, expected] of Object.entries(form.labels.labels)) {
      const info = form.fields[name];
      const made = suggested.get(name);
      if (expected === NONE || info === undefined || made?.suggested_field_key === expected) {
        continue;
      }
      const mine = pairs.filter((p) => p.field.name === name).sort((a, b) => b.score - a.score);
      const right = mine.find((p) => p.target.key === expected)?.score ?? 0;
      const top = mine[0];
      const best = top?.score ?? 0;
      const isFirst = right > 0 && right >= best - 1e-9;
      const cause: MissCause =
        made !== undefined
          ? 'wrong: suggested another target'
          : right === 0
            ? 'no signal: the right target scores 0'
            : !isFirst
              ? 'outranked: another target scores higher'
              : right < 0.5
                ? 'under 0.5: right target ranked first'
                : right < threshold
                  ? 'under threshold: right target ranked first'
                  : 'assignment or close call';
      const candidates = (info.label_candidates ?? [])
        .map((c) => (typeof c === 'string' ? c : `${c.position}: ${c.text}`))
        .join(' | ');
      misses.push({
        form: form.form,
        field: name,
        expected,
        cause,
        score: round2(right),
        best: round2(best),
        bestKey: made?.suggested_field_key ?? top?.target.key ?? '-',
        evidence:
          `tooltip=${JSON.stringify(info.tooltip ?? '')} ` +
          `label=${info.label_position ?? ''}${JSON.stringify(info.label ?? '')}` +
          (candidates === '' ? '' : ` candidates=[${candidates}]`),
      });
    }
  }
  return misses;
}

/** Counts per cause, then every miss under its cause. */
export function formatMisses(misses: readonly Miss[]): string {
  const causes = [...new Set(misses.map((m) => m.cause))].sort(
    (a, b) =>
      misses.filter((m) => m.cause === b).length - misses.filter((m) => m.cause === a).length,
  );
  const lines = ['Misses by cause (leave-one-source-out thresholds):'];
  for (const cause of causes) {
    lines.push(`  ${String(misses.filter((m) => m.cause === cause).length).padStart(4)}  ${cause}`);
  }
  for (const cause of causes) {
    lines.push('', `== ${cause}`);
    for (const m of misses.filter((miss) => miss.cause === cause)) {
      lines.push(
        `  ${m.form}: ${m.field} expected ${m.expected} (${m.score}); best ${m.bestKey} (${m.best}); ${m.evidence}`,
      );
    }
  }
  return lines.join('\n');
}
