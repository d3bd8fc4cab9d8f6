// Which suggestions "Apply All Suggestions" writes: only those at or above the confidence the
// user sees next to the button, and never over a mapping the field already has.
import type { Suggestion } from './mappings.ts';

/** Default confidence for Apply All, in percent: shown confidence is calibrated, so 9 in 10 right. */
export const DEFAULT_APPLY_ALL_PERCENT = 90;

/** Suggestions Apply All would write, in the order given. */
export function suggestionsToApply(
  suggestions: Iterable<Suggestion>,
  mappedFieldNames: ReadonlySet<string>,
  minPercent: number,
): Suggestion[] {
  return [...suggestions].filter(
    (s) =>
      !mappedFieldNames.has(s.field_name) && Math.round(s.confidence_score * 100) >= minPercent,
  );
}

/** The confidence of a suggestion as the screens show it: a whole percentage. */
export function confidencePercent(suggestion: Pick<Suggestion, 'confidence_score'>): number {
  return Math.round(suggestion.confidence_score * 100);
}
