import { describe, expect, it } from 'vitest';
import { fitApplyAll, isApplyAllLevel, wilsonLower } from './apply-eligibility.ts';
import type { EvidenceKind, LevelOutcome } from './calibration-levels.ts';
import { engineSuggestions } from './suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from './suggest-test-helpers.ts';

/** `right` and `wrong` suggestions at `raw`, spread over `sources` repositories in turn. */
function outcomes(
  raw: number,
  evidence: EvidenceKind,
  right: number,
  wrong: number,
  sources: number,
): LevelOutcome[] {
  return Array.from({ length: right + wrong }, (_, i) => ({
    raw,
    evidence,
    isCorrect: i < right,
    source: `repo${i % sources}`,
  }));
}

describe('Apply All eligibility', () => {
  it('takes the lower confidence bound, not the observed rate', () => {
    // 58 right of 58: the one-sided 95 % bound is 58 / (58 + 1.645²).
    expect(wilsonLower(58, 58)).toBeCloseTo(58 / (58 + 1.645 ** 2), 6);
    expect(wilsonLower(36, 37)).toBeLessThan(0.9);
  });

  it('lets printed text in only from the top raw band, however well it did here', () => {
    const perfect = [
      ...outcomes(0.9, 'authored', 80, 0, 10),
      ...outcomes(0.9, 'printed', 80, 0, 10),
    ];
    expect(fitApplyAll(perfect, [0.85])).toEqual({
      authored: [false, true],
      printed: [false, false],
    });
    const top = [...outcomes(0.97, 'printed', 80, 0, 10)];
    expect(fitApplyAll(top, [0.85, 0.95]).printed).toEqual([false, false, true]);
  });

  it('needs many repositories and a high bound with each repository capped', () => {
    // Right every time, but from 5 repositories only.
    expect(fitApplyAll(outcomes(0.9, 'authored', 100, 0, 5), [0.85]).authored[1]).toBe(false);
    // 96 in 100 right over 10 repositories: under 0.97.
    expect(fitApplyAll(outcomes(0.9, 'authored', 96, 4, 10), [0.85]).authored[1]).toBe(false);
    // 40 right of 40: too few to bound above 0.95.
    expect(fitApplyAll(outcomes(0.9, 'authored', 40, 0, 10), [0.85]).authored[1]).toBe(false);
    expect(fitApplyAll(outcomes(0.9, 'authored', 80, 0, 10), [0.85]).authored[1]).toBe(true);
  });

  it('reads the flags of the level a raw score falls in; no map, no Apply All', () => {
    const levels = {
      cuts: [0.85],
      authored: [0.8, 0.98],
      printed: [0.9, 0.98],
      applyAll: { authored: [false, true], printed: [false, false] },
    };
    expect(isApplyAllLevel(0.9, 'authored', levels)).toBe(true);
    expect(isApplyAllLevel(0.8, 'authored', levels)).toBe(false);
    expect(isApplyAllLevel(0.9, 'printed', levels)).toBe(false);
    expect(isApplyAllLevel(0.9, 'authored', { ...levels, applyAll: undefined })).toBe(false);
    expect(isApplyAllLevel(0.9, 'authored', null)).toBe(false);
  });

  it('marks what the engine suggests: authored yes, printed no, identity near a party no', () => {
    const people = table('People', ['Email', 'Phone', 'Full Name']);
    const fields = {
      email_address: pdfField(),
      Text12: pdfField({ label: 'Phone number' }),
      full_name: pdfField({ section: 'Complete this part for each household member:' }),
    };
    const marked = Object.fromEntries(
      engineSuggestions(suggestInput(fields, people)).map((s) => [
        s.suggestion.field_name,
        [s.suggestion.suggested_field_key, s.evidence, s.suggestion.apply_all],
      ]),
    );
    expect(marked).toEqual({
      email_address: ['Email', 'authored', true],
      Text12: ['Phone', 'printed', false],
      full_name: ['Full Name', 'authored', false],
    });
    // The same box without the heading naming a household member is written.
    const own = engineSuggestions(suggestInput({ full_name: pdfField() }, people));
    expect(own.map((s) => s.suggestion.apply_all)).toEqual([true]);
  });
});
