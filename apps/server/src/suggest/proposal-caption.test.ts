import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FieldInfoDto } from '@formbridge/contract/templates';
import { detectFields } from '../pdf/detect/detect-fields.ts';
import { captionOf } from './proposal-caption.ts';
import { proposeTableFromFields } from './table-proposal.ts';

function text(extra: Partial<FieldInfoDto> = {}): FieldInfoDto {
  const rect: [number, number, number, number] = [40, 100, 200, 114];
  return { type: 'text', page: 0, rect, widgets: [{ page: 0, rect }], ...extra };
}

describe('captionOf', () => {
  it('keeps the printed caption when the name is a code or agrees with it', () => {
    expect(captionOf('topmostSubform[0].f1_06[0]', text({ label: 'City' }))).toBe('City');
    expect(captionOf('Text12', text({ label: 'Employer' }))).toBe('Employer');
    expect(captionOf('Check Box3', text({ label: 'Married' }))).toBe('Married');
    expect(captionOf('301 DOB', text({ label: 'Date of birth' }))).toBe('Date of birth');
    expect(captionOf('Address Street', text({ label: 'Street' }))).toBe('Street');
  });

  it("takes a readable name over a neighbour's caption or a line of example text", () => {
    expect(captionOf('301 Gender', text({ label: 'Date hired' }))).toBe('Gender');
    expect(captionOf('301 Date Hired', text({ label: 'Month' }))).toBe('Date Hired');
    expect(
      captionOf('301 What Harmed Employee', text({ label: '“radial arm saw.” If this question' })),
    ).toBe('What Harmed Employee');
  });

  it('drops a stray combining mark before the first letter', () => {
    expect(captionOf('f2_9', text({ label: '\u0300ZIP' }))).toBe('ZIP');
  });
});

describe('the table proposed from the OSHA 301 sample', async () => {
  const sample = new URL('../modules/onboarding/sample/osha-form-301.pdf', import.meta.url);
  const { fields } = await detectFields(new Uint8Array(readFileSync(sample)));
  const proposal = proposeTableFromFields('OSHA 301', fields);
  const columnOf = (fieldName: string) => {
    const key = proposal.mappings.find((m) => m.field_name === fieldName)?.mapped_field_key;
    return proposal.table.fields.find((field) => field.name === key);
  };

  it('names each column after what its field holds', () => {
    expect(columnOf('301 Gender')).toMatchObject({ label: 'Gender', options: ['Male', 'Female'] });
    expect(columnOf('301 Date Hired')).toMatchObject({ label: 'Date Hired', type: 'date' });
    expect(columnOf('301 Time of Event AMPM')?.options).toEqual(['AM', 'PM', 'Unsure']);
    expect(columnOf('301 Time of Event AMPM')?.label).toMatch(/time of event/i);
    expect(columnOf('301 What Happened')?.label).toBe('What Happened');
    expect(columnOf('301 Address Zip')?.label).toBe('ZIP');
  });
});
