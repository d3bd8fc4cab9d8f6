import { describe, expect, it } from 'vitest';
import type { EvidenceKind, LevelOutcome } from './calibration-levels.ts';
import { confidenceOf, fitLevels } from './calibration-levels.ts';
import { engineSuggestions } from './suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from './suggest-test-helpers.ts';

function outcomes(raw: number, evidence: EvidenceKind, right: number, wrong: number) {
  return [
    ...Array.from({ length: right }, (): LevelOutcome => ({ raw, evidence, isCorrect: true })),
    ...Array.from({ length: wrong }, (): LevelOutcome => ({ raw, evidence, isCorrect: false })),
  ];
}

describe('confidence levels', () => {
  it('shows the accuracy observed at each level for each kind of evidence', () => {
    const levels = fitLevels(
      [
        ...outcomes(0.65, 'authored', 12, 8),
        ...outcomes(0.8, 'authored', 18, 2),
        ...outcomes(0.8, 'printed', 14, 6),
        ...outcomes(0.97, 'authored', 40, 0),
      ],
      [0.7, 0.9],
    );
    expect(confidenceOf(0.69, 'authored', levels)).toBe(0.6);
    expect(confidenceOf(0.7, 'authored', levels)).toBe(0.9);
    expect(confidenceOf(0.89, 'printed', levels)).toBe(0.7);
    // Never certainty, however often the top level was right.
    expect(confidenceOf(1, 'authored', levels)).toBe(0.99);
  });

  it('uses both kinds together where one kind has too few suggestions to tell', () => {
    const levels = fitLevels(
      [...outcomes(0.8, 'authored', 27, 3), ...outcomes(0.8, 'printed', 1, 2)],
      [0.7],
    );
    // 3 printed suggestions are not a level of their own: 28 right of 33.
    expect(confidenceOf(0.8, 'printed', levels)).toBe(0.848);
    expect(confidenceOf(0.8, 'authored', levels)).toBe(0.9);
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
