import { describe, expect, it } from 'vitest';
import type { Suggestion } from './mappings.ts';
import {
  DEFAULT_APPLY_ALL_PERCENT,
  groupByRegion,
  suggestionsToApply,
} from './suggestion-apply.ts';

const suggestion = (
  field_name: string,
  confidence_score: number,
  apply_all = true,
): Suggestion => ({
  field_name,
  suggested_field_key: 'email',
  confidence_score,
  reason: 'name/tooltip "email" ~ "email"',
  apply_all,
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

  it('writes only what the server marks safe to apply unattended, whatever the percentage', () => {
    const marked = [
      suggestion('authored', 0.98),
      suggestion('printed', 0.98, false),
      { ...suggestion('old', 0.98), apply_all: undefined },
    ];
    for (const percent of [0, 60, 90]) {
      expect(suggestionsToApply(marked, new Set(), percent).map((s) => s.field_name)).toEqual([
        'authored',
      ]);
    }
  });

  it("never writes into another party's region unless the target is that party's", () => {
    const preparer = { owner: 'preparer', label: 'Paid Preparer Use Only' };
    const inBlock = [
      { ...suggestion('f2_13', 0.99), region: { ...preparer, foreign: true } },
      { ...suggestion('f2_14', 0.99), region: { ...preparer, foreign: false } },
      suggestion('f1_1', 0.99),
    ];
    expect(suggestionsToApply(inBlock, new Set(), 90).map((s) => s.field_name)).toEqual([
      'f2_14',
      'f1_1',
    ]);
    expect(
      groupByRegion(suggestionsToApply(inBlock, new Set(), 90)).map((g) => [
        g.title,
        g.items.map((s) => s.field_name),
      ]),
    ).toEqual([
      ['Paid Preparer Use Only', ['f2_14']],
      ["The record's own fields", ['f1_1']],
    ]);
  });
});
