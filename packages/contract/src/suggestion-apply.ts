// Which suggestions "Apply All Suggestions" writes: only those the server marks `apply_all`
// (evidence that has held on many repositories, never into another party's region of the page
// with a target that is not that party's: server suggest/apply-eligibility.ts), at or above the
// confidence the user sees next to the button, and never over a mapping the field already has.
// The user's percentage can only narrow what the server allows, not widen it.
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
      !mappedFieldNames.has(s.field_name) &&
      s.apply_all === true &&
      // A guard only: the server never marks these apply_all, but a stale suggestion might be.
      s.region?.foreign !== true &&
      Math.round(s.confidence_score * 100) >= minPercent,
  );
}

/** The region heading a suggestion is listed under in Apply All's confirmation. */
export function regionTitle(suggestion: Pick<Suggestion, 'region'>): string {
  return suggestion.region ? suggestion.region.label : "The record's own fields";
}

/** Suggestions grouped by region, in first-seen order, for the confirmation list. */
export function groupByRegion<T extends Pick<Suggestion, 'region'>>(
  suggestions: readonly T[],
): { title: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const suggestion of suggestions) {
    const title = regionTitle(suggestion);
    groups.set(title, [...(groups.get(title) ?? []), suggestion]);
  }
  return [...groups].map(([title, items]) => ({ title, items }));
}

/** The confidence of a suggestion as the screens show it: a whole percentage. */
export function confidencePercent(suggestion: Pick<Suggestion, 'confidence_score'>): number {
  return Math.round(suggestion.confidence_score * 100);
}
