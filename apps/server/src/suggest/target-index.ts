// Which targets a PDF field could score above 0 against, found without scoring every pair. A
// pair scores 0 unless some word of one of the target's wordings is similar (> 0) to some word
// of one of the field's sources (score.ts: coverTarget is 0 otherwise, and so is every source's
// score), so the targets of a field are those sharing a similar word with it. Exact, not a
// heuristic: the engine's answer is the same, only the pairs that would score 0 are skipped.
// A 925-field form against a 925-column table has ~850,000 pairs, a few thousand of them > 0.
import type { Term } from './lexicon.ts';
import type { FieldProfile, Target } from './suggest-types.ts';
import type { TermSimilarity } from './term-similarity.ts';

type TermEntry = { term: Term; targets: number[] };

const keyOf = (term: Term) => `${term.concept}\u0000${term.raw}\u0000${term.known ? 1 : 0}`;

/** A function giving, for a field, the targets worth scoring, in the targets' own order. */
export function createTargetIndex(
  targets: readonly Target[],
  similarity: TermSimilarity,
): (field: FieldProfile) => Target[] {
  const entries = new Map<string, TermEntry>();
  targets.forEach((target, index) => {
    for (const wording of target.wordings) {
      for (const term of wording.terms) {
        const key = keyOf(term);
        const entry = entries.get(key) ?? { term, targets: [] };
        if (entry.targets.at(-1) !== index) {
          entry.targets.push(index);
        }
        entries.set(key, entry);
      }
    }
  });
  const targetTerms = [...entries.values()];
  // Forms repeat the same few words hundreds of times: each distinct word is looked up once.
  const byFieldTerm = new Map<string, readonly number[]>();
  const targetsOfTerm = (fieldTerm: Term): readonly number[] => {
    const key = keyOf(fieldTerm);
    let found = byFieldTerm.get(key);
    if (found === undefined) {
      const hits: number[] = [];
      for (const entry of targetTerms) {
        // The order score.ts asks in: the target's term first.
        if (similarity(entry.term, fieldTerm) > 0) {
          hits.push(...entry.targets);
        }
      }
      found = hits;
      byFieldTerm.set(key, found);
    }
    return found;
  };
  return (field) => {
    const hit = new Set<number>();
    for (const source of field.sources) {
      for (const term of source.terms) {
        for (const index of targetsOfTerm(term)) {
          hit.add(index);
        }
      }
    }
    return [...hit].sort((a, b) => a - b).flatMap((index) => targets[index] ?? []);
  };
}
