import { describe, expect, it } from 'vitest';
import { suggestFieldMappings } from './suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from './suggest-test-helpers.ts';

const yesNo = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

function keyFor(field: Parameters<typeof pdfField>[0], specs: string[]): string | undefined {
  const input = suggestInput({ Subject: pdfField(field) }, table('T', specs));
  return suggestFieldMappings(input)[0]?.suggested_field_key;
}

describe('type compatibility', () => {
  it('fills a checkbox from a boolean, never from a date or a plain string', () => {
    const checkbox = {
      type: 'checkbox' as const,
      tooltip: 'Hospitalized',
      options: [{ value: 'Yes', label: 'Yes' }],
    };
    expect(keyFor(checkbox, ['Hospitalized:boolean'])).toBe('Hospitalized');
    expect(keyFor(checkbox, ['Hospitalized:date'])).toBeUndefined();
    expect(keyFor(checkbox, ['Hospitalized'])).toBeUndefined();
  });

  it('fills a checkbox group with export values (M / F / X) from a string', () => {
    const group = {
      type: 'checkbox' as const,
      tooltip: 'Sex',
      options: ['M', 'F', 'X'].map((value) => ({ value, label: value })),
    };
    expect(keyFor(group, ['Gender'])).toBe('Gender');
  });

  it('fills a yes/no radio from a boolean and a radio of choices from a string', () => {
    expect(
      keyFor({ type: 'radio', tooltip: 'Treated in ER', options: yesNo }, [
        'Treated in ER:boolean',
      ]),
    ).toBe('Treated in ER');
    const choices = ['Male', 'Female'].map((value) => ({ value, label: value }));
    expect(
      keyFor({ type: 'radio', tooltip: 'Gender', options: choices }, ['Gender:boolean']),
    ).toBeUndefined();
    expect(keyFor({ type: 'radio', tooltip: 'Gender', options: choices }, ['Gender'])).toBe(
      'Gender',
    );
  });

  it('never puts a boolean in a text box, and never fills signatures or buttons', () => {
    expect(keyFor({ tooltip: 'Newsletter' }, ['Newsletter:boolean'])).toBeUndefined();
    expect(keyFor({ type: 'signature', tooltip: 'Signature' }, ['Signature'])).toBeUndefined();
    expect(keyFor({ type: 'button', tooltip: 'Print' }, ['Print'])).toBeUndefined();
  });

  it('fills date, number and email fields into text boxes', () => {
    expect(keyFor({ tooltip: 'Date of birth (mm/dd/yyyy)' }, ['DOB:date'])).toBe('DOB');
    expect(keyFor({ tooltip: 'Number of beds' }, ['Beds:number'])).toBe('Beds');
    expect(keyFor({ tooltip: 'E-mail address' }, ['Email:email'])).toBe('Email');
  });

  it('does not put a whole value into one box of a split value', () => {
    expect(keyFor({ tooltip: 'SSN', max_length: 3 }, ['SSN'])).toBeUndefined();
    expect(keyFor({ tooltip: 'SSN', max_length: 9 }, ['SSN'])).toBe('SSN');
    expect(
      keyFor({ tooltip: 'Date of birth month', max_length: 2 }, ['Date of Birth:date']),
    ).toBeUndefined();
    expect(
      keyFor({ tooltip: 'CFDA number digit 1', max_length: 1 }, ['CFDA Number']),
    ).toBeUndefined();
    expect(keyFor({ tooltip: 'Middle initial', max_length: 1 }, ['Middle Initial'])).toBe(
      'Middle Initial',
    );
    expect(keyFor({ tooltip: 'State', max_length: 2 }, ['State'])).toBe('State');
  });
});
