import { describe, expect, it } from 'vitest';
import type { FieldDataDto, FieldInfoDto } from '@formbridge/contract/templates';
import { proposeTransforms } from './suggest-transforms.ts';

function box(left: number, top: number, extra: Partial<FieldInfoDto> = {}): FieldInfoDto {
  const rect: [number, number, number, number] = [left, top, left + 40, top + 20];
  return { type: 'text', page: 0, rect, widgets: [{ page: 0, rect }], ...extra };
}

const TYPES: Record<string, string> = { ssn: 'string', married_on: 'date', birth: 'date' };
const typeOf = (key: string) => TYPES[key] ?? null;
const suggestion = (field_name: string, suggested_field_key: string) => ({
  field_name,
  suggested_field_key,
  confidence_score: 0.9,
  reason: 'matched',
});

describe('proposeTransforms', () => {
  const fields: FieldDataDto = {
    'Applicant SSN 1': box(70, 224, { max_length: 3 }),
    'Applicant SSN 3': box(154, 225, { max_length: 4 }),
    'Applicant SSN 2': box(120, 224, { max_length: 2 }),
    'Date of Marriage (mm/dd/yyyy)': box(150, 300),
    'Applicant DOB M': box(69, 190, { max_length: 2 }),
    'Applicant DOB D': box(105, 189, { max_length: 2 }),
    'Applicant DOB Y': box(139, 189, { max_length: 4 }),
    'Phone 1': box(50, 400, { max_length: 3 }),
    'Phone 2': box(50, 500, { max_length: 3 }),
  };

  it('proposes the spelled date pattern for a date target', () => {
    const [proposed] = proposeTransforms(
      [suggestion('Date of Marriage (mm/dd/yyyy)', 'married_on')],
      fields,
      new Set(),
      typeOf,
    );
    expect(proposed?.transform).toEqual({ kind: 'date', pattern: 'MM/DD/YYYY', locale: 'en' });
    expect(proposed?.reason).toBe('matched; the field spells its date: Date MM/DD/YYYY');
  });

  it('does not propose a date pattern for a text target', () => {
    const [proposed] = proposeTransforms(
      [suggestion('Date of Marriage (mm/dd/yyyy)', 'ssn')],
      fields,
      new Set(),
      typeOf,
    );
    expect(proposed?.transform).toBeUndefined();
  });

  it('spreads one suggestion over three adjacent SSN boxes, 3-2-4 left to right', () => {
    const proposed = proposeTransforms(
      [suggestion('Applicant SSN 2', 'ssn')],
      fields,
      new Set(),
      typeOf,
    );
    const byField = Object.fromEntries(proposed.map((item) => [item.field_name, item]));
    expect(
      ['Applicant SSN 1', 'Applicant SSN 2', 'Applicant SSN 3'].map((name) => [
        byField[name]?.suggested_field_key,
        byField[name]?.transform,
      ]),
    ).toEqual([
      ['ssn', { kind: 'part', mode: 'sizes', sizes: [3, 2, 4], index: 1 }],
      ['ssn', { kind: 'part', mode: 'sizes', sizes: [3, 2, 4], index: 2 }],
      ['ssn', { kind: 'part', mode: 'sizes', sizes: [3, 2, 4], index: 3 }],
    ]);
  });

  it('spreads the SSN over IRS and State boxes whose names end in [0] or (0)', () => {
    const irs: FieldDataDto = {
      'topmostSubform[0].Page1[0].f1_04[0]': box(400, 100, { max_length: 3 }),
      'topmostSubform[0].Page1[0].f1_05[0]': box(445, 100, { max_length: 2 }),
      'topmostSubform[0].Page1[0].f1_06[0]': box(490, 100, { max_length: 4 }),
      'SSN(0)': box(70, 300, { max_length: 3 }),
      'SSN(1)': box(115, 300, { max_length: 2 }),
      'SSN(2)': box(160, 300, { max_length: 4 }),
      'State(0)': box(70, 500, { max_length: 2 }),
      'State(1)': box(300, 500, { max_length: 5 }),
    };
    const proposed = proposeTransforms(
      [
        suggestion('topmostSubform[0].Page1[0].f1_04[0]', 'ssn'),
        suggestion('SSN(0)', 'ssn'),
        suggestion('State(0)', 'ssn'),
      ],
      irs,
      new Set(),
      typeOf,
    );
    const parts = Object.fromEntries(
      proposed.map((item) => [
        item.field_name,
        item.transform?.kind === 'part' && item.transform.mode === 'sizes'
          ? item.transform.index
          : null,
      ]),
    );
    expect(parts).toEqual({
      'topmostSubform[0].Page1[0].f1_04[0]': 1,
      'topmostSubform[0].Page1[0].f1_05[0]': 2,
      'topmostSubform[0].Page1[0].f1_06[0]': 3,
      'SSN(0)': 1,
      'SSN(1)': 2,
      'SSN(2)': 3,
      // Far apart on the row: two fields, not one value in boxes.
      'State(0)': null,
    });
  });

  it('writes month, day and year boxes of a date target with their own pattern', () => {
    const proposed = proposeTransforms(
      [suggestion('Applicant DOB D', 'birth')],
      fields,
      new Set(),
      typeOf,
    );
    expect(
      Object.fromEntries(proposed.map((item) => [item.field_name, item.transform])),
    ).toMatchObject({
      'Applicant DOB M': { kind: 'date', pattern: 'MM' },
      'Applicant DOB D': { kind: 'date', pattern: 'DD' },
      'Applicant DOB Y': { kind: 'date', pattern: 'YYYY' },
    });
  });

  it('leaves boxes alone when they are on different rows or one is mapped already', () => {
    expect(proposeTransforms([suggestion('Phone 1', 'ssn')], fields, new Set(), typeOf)).toEqual([
      suggestion('Phone 1', 'ssn'),
    ]);
    expect(
      proposeTransforms(
        [suggestion('Applicant SSN 2', 'ssn')],
        fields,
        new Set(['Applicant SSN 1']),
        typeOf,
      ),
    ).toEqual([suggestion('Applicant SSN 2', 'ssn')]);
  });
});
