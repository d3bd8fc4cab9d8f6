import { describe, expect, it } from 'vitest';
import type { Suggestion } from './mappings.ts';
import { DEFAULT_APPLY_ALL_PERCENT, suggestionsToApply } from './suggestion-apply.ts';

const suggestion = (field_name: string, confidence_score: number): Suggestion => ({
  field_name,
  suggested_field_key: 'email',
  confidence_score,
  reason: 'name/tooltip "email" ~ "email"',
});

describe('Apply All Suggestions', () => {
  const all = [
    suggestion('a', 0.95),
    suggestion('b', 0.895),
    suggestion('c', 0.6),
    suggestion('d', 1),
  ];

  it('applies only suggestions shown at or above the threshold (default 90 %)', () => {
    const applied = suggestionsToApply(all, new Set(), DEFAULT_APPLY_ALL_PERCENT);
    // 0.895 is shown as 90 %, so it counts as 90 %.
    expect(applied.map((s) => s.field_name)).toEqual(['a', 'b', 'd']);
    expect(suggestionsToApply(all, new Set(), 60).map((s) => s.field_name)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('never replaces a mapping the field already has', () => {
    expect(suggestionsToApply(all, new Set(['a', 'd']), 90).map((s) => s.field_name)).toEqual([
      'b',
    ]);
  });
});
