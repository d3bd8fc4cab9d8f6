import { MISSING_COMBINATION_SEPARATOR } from './limits.ts';
import { readValue } from './records-values.ts';

// Combination rules are computed, never stored: a cell, a PDF field and a record's display name
// all read the same joined value from here.

export type CombinationRuleLike = {
  name: string;
  source_fields: readonly string[];
  separator?: string | null;
};

/**
 * The text of one source value inside a combination, or null when it has none: text is trimmed,
 * numbers are written out, booleans read Yes/No like their cells; lists and objects (files) have
 * no text.
 */
export function formatCombinationPart(value: unknown): string | null {
  if (typeof value === 'string') {
    return value.trim() === '' ? null : value.trim();
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? String(value) : null;
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  return null;
}

/**
 * Joins the non-empty source values of a rule, in the rule's order, with its separator; a rule
 * without a separator — missing or empty — uses a space (spec §3, §9 "a space if missing").
 * Returns '' when no source has a value.
 */
export function computeCombinationValue(
  rule: Pick<CombinationRuleLike, 'source_fields' | 'separator'>,
  data: Readonly<Record<string, unknown>>,
): string {
  const separator =
    rule.separator === null || rule.separator === undefined || rule.separator === ''
      ? MISSING_COMBINATION_SEPARATOR
      : rule.separator;
  const parts: string[] = [];
  for (const source of rule.source_fields) {
    const part = formatCombinationPart(readValue(data, source));
    if (part !== null) {
      parts.push(part);
    }
  }
  return parts.join(separator);
}

/** Every combination rule of a table computed for one record's data, keyed by rule name. */
export function computeCombinationValues(
  table: { combination_rules?: readonly CombinationRuleLike[] | null },
  data: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const entries = (table.combination_rules ?? []).map((rule): [string, string] => [
    rule.name,
    computeCombinationValue(rule, data),
  ]);
  return Object.fromEntries(entries);
}
