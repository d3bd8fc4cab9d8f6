import { describe, expect, it } from 'vitest';
import type { FieldDataDto, FieldInfoDto } from '@formbridge/contract/templates';
import { proposeTableFromFields } from './table-proposal.ts';

function text(x: number, y: number, extra: Partial<FieldInfoDto> = {}): FieldInfoDto {
  const rect: [number, number, number, number] = [x, y, x + 40, y + 14];
  return { type: 'text', page: 0, rect, widgets: [{ page: 0, rect }], ...extra };
}

// The shape of an IRS form's names: LiveCycle paths ending in [0], captions from the layout finder.
const IRS_LIKE: FieldDataDto = {
  'topmostSubform[0].Page1[0].f1_01[0]': text(40, 100, { label: 'Name shown on return' }),
  'topmostSubform[0].Page1[0].SSN[0].f1_02[0]': text(400, 100, {
    max_length: 3,
    label: 'Social security number',
  }),
  'topmostSubform[0].Page1[0].SSN[0].f1_03[0]': text(450, 101, { max_length: 2 }),
  'topmostSubform[0].Page1[0].SSN[0].f1_04[0]': text(490, 100, { max_length: 4 }),
  'topmostSubform[0].Page1[0].c1_1[0]': {
    ...text(40, 140, { label_candidates: [{ text: 'Self-only coverage', position: 'right' }] }),
    type: 'checkbox',
  },
  'topmostSubform[0].Page1[0].Status[0]': {
    ...text(40, 180, { label: 'Filing status' }),
    type: 'radio',
    options: [
      { value: '1', label: 'Single' },
      { value: '2', label: 'Married filing jointly' },
    ],
  },
  'topmostSubform[0].Page1[0].f1_05[0]': text(40, 220, { label: 'Date of birth' }),
  // Two values side by side, numbered alike: not one split value.
  'topmostSubform[0].Page1[0].f1_10[0]': text(300, 220, { label: 'City', max_length: 30 }),
  'topmostSubform[0].Page1[0].f1_11[0]': text(345, 220, { label: 'State', max_length: 2 }),
  'topmostSubform[0].Page1[0].f1_06[0]': text(40, 260, { label: 'Email address' }),
  'topmostSubform[0].Page1[0].f1_07[0]': text(40, 300, {
    label: 'Firm’s name',
    section: 'Paid Preparer Use Only',
  }),
  'topmostSubform[0].Page1[0].f1_08[0]': text(40, 340, { label: 'Name shown on return' }),
  'topmostSubform[0].Page1[0].Sig[0]': { ...text(40, 380), type: 'signature' },
};

describe('proposeTableFromFields', () => {
  const proposal = proposeTableFromFields('Form 8889', IRS_LIKE);
  const column = (name: string) => proposal.table.fields.find((field) => field.name === name);
  const mappingsTo = (name: string) =>
    proposal.mappings.filter((mapping) => mapping.mapped_field_key === name);

  it('names columns from the printed captions, in reading order, deduplicated', () => {
    expect(proposal.table.name).toBe('Form 8889');
    expect(proposal.table.fields.map((field) => field.name)).toEqual([
      'name_shown_on_return',
      'social_security_number',
      'self_only_coverage',
      'filing_status',
      'date_of_birth',
      'city',
      'state',
      'email_address',
      'preparer_firm_s_name',
      'name_shown_on_return_2',
    ]);
    expect(column('name_shown_on_return_2')?.label).toBe('Name shown on return (2)');
  });

  it('joins split boxes into one column, each box taking its part', () => {
    expect(column('social_security_number')?.type).toBe('string');
    expect(mappingsTo('social_security_number')).toEqual([
      {
        field_name: 'topmostSubform[0].Page1[0].SSN[0].f1_02[0]',
        mapped_field_key: 'social_security_number',
        transform: { kind: 'part', mode: 'sizes', sizes: [3, 2, 4], index: 1 },
      },
      {
        field_name: 'topmostSubform[0].Page1[0].SSN[0].f1_03[0]',
        mapped_field_key: 'social_security_number',
        transform: { kind: 'part', mode: 'sizes', sizes: [3, 2, 4], index: 2 },
      },
      {
        field_name: 'topmostSubform[0].Page1[0].SSN[0].f1_04[0]',
        mapped_field_key: 'social_security_number',
        transform: { kind: 'part', mode: 'sizes', sizes: [3, 2, 4], index: 3 },
      },
    ]);
  });

  it('types checkboxes Yes/No, radio groups as one choice column, dates and e-mails', () => {
    expect(column('self_only_coverage')?.type).toBe('boolean');
    expect(column('filing_status')).toMatchObject({
      type: 'string',
      options: ['Single', 'Married filing jointly'],
    });
    expect(column('date_of_birth')?.type).toBe('date');
    expect(column('email_address')?.type).toBe('email');
  });

  it("prefixes another party's block and leaves signatures out with the reason", () => {
    expect(column('preparer_firm_s_name')?.label).toBe('Preparer: Firm’s name');
    expect(proposal.unmapped).toEqual([
      {
        field_name: 'topmostSubform[0].Page1[0].Sig[0]',
        reason: 'A signature is signed by hand, not filled from a table',
      },
    ]);
    // Every other field is mapped exactly once.
    expect(proposal.mappings).toHaveLength(Object.keys(IRS_LIKE).length - 1);
  });

  it('skips fields that are mapped already', () => {
    const rest = proposeTableFromFields(
      'Form 8889',
      IRS_LIKE,
      new Set(['topmostSubform[0].Page1[0].f1_01[0]']),
    );
    expect(rest.table.fields[0]?.name).toBe('social_security_number');
    expect(rest.table.fields.map((field) => field.name)).toContain('name_shown_on_return');
  });

  it('splits a date written in day, month and year boxes into date parts', () => {
    const dated = proposeTableFromFields('Dates', {
      'Birth DD': text(40, 100, { label: 'Birth date' }),
      'Birth MM': text(90, 100),
      'Birth YYYY': text(140, 100),
    });
    expect(dated.table.fields).toEqual([
      { name: 'birth_date', label: 'Birth date', type: 'date', required: false },
    ]);
    expect(dated.mappings.map((mapping) => mapping.transform)).toEqual([
      { kind: 'date', pattern: 'DD', locale: 'en' },
      { kind: 'date', pattern: 'MM', locale: 'en' },
      { kind: 'date', pattern: 'YYYY', locale: 'en' },
    ]);
  });
});
