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
  it('shows the accuracy at each level and kind, drawn a little toward the overall accuracy', () => {
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
    expect(confidenceOf(0.7, 'authored', levels)).toBe(0.864);
    expect(confidenceOf(0.89, 'printed', levels)).toBe(0.784);
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

  it('uses both kinds together where one kind has too few suggestions to tell', () => {
    const levels = fitLevels(
      [...outcomes(0.8, 'authored', 27, 3, 6), ...outcomes(0.8, 'printed', 1, 2, 6)],
      [0.7],
    );
    // 3 printed suggestions are not a level of their own: 28 right of 33.
    expect(confidenceOf(0.8, 'printed', levels)).toBe(0.848);
    expect(confidenceOf(0.8, 'authored', levels)).toBe(0.874);
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
