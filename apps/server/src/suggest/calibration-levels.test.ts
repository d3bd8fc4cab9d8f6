import { describe, expect, it } from 'vitest';
import type { EvidenceKind, LevelOutcome } from './calibration-levels.ts';
import { confidenceOf, fitLevels } from './calibration-levels.ts';
import { engineSuggestions } from './suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from './suggest-test-helpers.ts';

/** `right` and `wrong` suggestions at `raw`, spread over `sources` repositories in turn. */
function outcomes(
  raw: number,
  evidence: EvidenceKind,
  right: number,
  wrong: number,
  sources = 10,
  prefix = 'repo',
): LevelOutcome[] {
  const results = [
    ...Array.from({ length: right }, () => true),
    ...Array.from({ length: wrong }, () => false),
  ];
  return results.map((isCorrect, i) => ({
    raw,
    evidence,
    isCorrect,
    source: `${prefix}${i % sources}`,
  }));
}

describe('confidence levels', () => {
  it('shows the accuracy at each level, drawn a little toward the overall accuracy', () => {
    const levels = fitLevels(
      [
        ...outcomes(0.65, 'authored', 12, 8),
        ...outcomes(0.8, 'authored', 18, 2),
        ...outcomes(0.8, 'printed', 14, 6),
        ...outcomes(0.97, 'authored', 40, 0),
      ],
      [0.7, 0.9],
    );
    // 12 right of 20 with 30 pseudo-suggestions at the overall 0.84: 0.744, not 0.60.
    expect(confidenceOf(0.69, 'authored', levels)).toBe(0.744);
    // Both kinds of evidence together: 32 right of 40, drawn toward 0.84.
    expect(confidenceOf(0.7, 'authored', levels)).toBe(0.817);
    expect(confidenceOf(0.89, 'printed', levels)).toBe(0.817);
    expect(confidenceOf(1, 'authored', levels)).toBe(0.931);
    // Never certainty, however often the top level was right.
    expect(confidenceOf(1, 'authored', fitLevels(outcomes(0.97, 'authored', 500, 0)))).toBe(0.99);
  });

  it('lets no single repository make a level on its own', () => {
    // 30 wrong suggestions from one form family count as 8; the 5 other repositories' 20 right
    // ones decide the level.
    const levels = fitLevels(
      [
        ...outcomes(0.65, 'authored', 0, 30, 1, 'quirky'),
        ...outcomes(0.65, 'authored', 20, 0, 5),
        ...outcomes(0.8, 'authored', 50, 0, 10),
      ],
      [0.7],
    );
    expect(confidenceOf(0.65, 'authored', levels)).toBe(0.707);
  });

  it('merges a level seen on too few repositories with the next one', () => {
    const levels = fitLevels(
      [...outcomes(0.65, 'authored', 0, 20, 2, 'pair'), ...outcomes(0.8, 'authored', 60, 0, 6)],
      [0.7],
    );
    expect(confidenceOf(0.65, 'authored', levels)).toBe(0.75);
    expect(confidenceOf(0.8, 'authored', levels)).toBe(0.75);
  });

  it('shows printed text no more than its level, however well it did where it was tuned', () => {
    // Printed text right 29 times in 30 on 10 repositories, the field's own words 21 in 30: the
    // caption rules were written on these forms, so the printed figure is not its own.
    const levels = fitLevels(
      [...outcomes(0.8, 'authored', 21, 9), ...outcomes(0.8, 'printed', 29, 1)],
      [0.7],
    );
    expect(confidenceOf(0.8, 'printed', levels)).toBe(0.833);
    expect(confidenceOf(0.8, 'authored', levels)).toBe(0.833);
  });

  it('never shows less for a higher raw score of the same evidence', () => {
    const levels = fitLevels(
      [...outcomes(0.65, 'authored', 18, 2), ...outcomes(0.8, 'authored', 14, 6)],
      [0.7],
    );
    expect(confidenceOf(0.65, 'authored', levels)).toBe(0.8);
    expect(confidenceOf(0.8, 'authored', levels)).toBe(0.8);
  });

  it('leaves scores alone without a map', () => {
    expect(fitLevels([])).toBeNull();
    expect(confidenceOf(0.42, 'printed', null)).toBe(0.42);
  });

  it('tells evidence from the field name apart from text printed nearby', () => {
    const people = table('People', ['Email', 'Phone']);
    const fields = {
      email_address: pdfField(),
      Text12: pdfField({ label: 'Phone number' }),
    };
    const kinds = Object.fromEntries(
      engineSuggestions(suggestInput(fields, people)).map((s) => [
        s.suggestion.field_name,
        s.evidence,
      ]),
    );
    expect(kinds).toEqual({ email_address: 'authored', Text12: 'printed' });
  });
});
