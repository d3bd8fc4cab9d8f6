import type { FieldDataDto, FieldInfoDto } from '@formbridge/contract/templates';
import { describe, expect, it } from 'vitest';
import { suggestFieldMappings } from './suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from './suggest-test-helpers.ts';
import { tableRows } from './table-rows.ts';

const people = table('Clients', ['Full Name', 'Date of Birth:date', 'Relationship']);

function suggest(fields: FieldDataDto, mapped: string[] = []): Record<string, string> {
  return Object.fromEntries(
    suggestFieldMappings(suggestInput(fields, people, [], mapped)).map((s) => [
      s.field_name,
      s.suggested_field_key,
    ]),
  );
}

/** A box at column `x` of row `row`, 16 points high, rows 20 points apart. */
function cell(x: number, row: number, overrides: Partial<FieldInfoDto> = {}): FieldInfoDto {
  const top = 300 + row * 20;
  return pdfField({ rect: [x, top, x + 150, top + 16], ...overrides });
}

/** Four rows of name / birth date boxes named by number, the column headers on every row. */
function householdTable(section?: string): FieldDataDto {
  const fields: FieldDataDto = {};
  for (let row = 0; row < 4; row++) {
    const extra = section === undefined ? {} : { section };
    fields[`Text${row * 2 + 1}`] = cell(50, row, { label: 'Full name', ...extra });
    fields[`Text${row * 2 + 2}`] = cell(210, row, { label: 'Date of birth', ...extra });
  }
  return fields;
}

describe('tables of equal rows and copies of a box', () => {
  it("keeps the record's name and birth date out of every row of a people table", () => {
    // Numbered filler names hide the table from the name rule; the geometry shows it.
    expect(tableRows(householdTable()).later).toEqual(
      new Set(['Text3', 'Text4', 'Text5', 'Text6', 'Text7', 'Text8']),
    );
    expect(suggest(householdTable())).toEqual({});
    // Row 1 is the record's when the table says it is the applicant's; rows 2..n never.
    expect(suggest(householdTable('Applicant and family'))).toEqual({
      Text1: 'Full Name',
      Text2: 'Date of Birth',
    });
    // A form laid out in equal boxes, each row captioned on its own, is no table.
    const form: FieldDataDto = {
      name: cell(50, 0, { label: 'Full name' }),
      dob: cell(210, 0, { label: 'Date of birth' }),
      relation: cell(50, 1, { label: 'Relationship' }),
      phone: cell(210, 1, { label: 'Phone' }),
      city: cell(50, 2, { label: 'City' }),
      zip: cell(210, 2, { label: 'ZIP' }),
    };
    expect(tableRows(form).later.size).toBe(0);
    expect(suggest(form)).toMatchObject({ name: 'Full Name', dob: 'Date of Birth' });
  });

  it("does not offer the record's name to the copy of a box already mapped", () => {
    // `Name[0]` below `Name[1]` on one page: the same question asked for someone else.
    const fields: FieldDataDto = {
      'form[0].Name[1]': cell(50, 0, { label: 'Full name' }),
      'form[0].Name[0]': cell(50, 10, { label: 'Full name' }),
    };
    expect(suggest(fields, ['form[0].Name[1]'])).toEqual({});
  });
});

describe('whose block a box is in', () => {
  it("gives the employee's own name under the employer's heading", () => {
    const fields = { Text3: pdfField({ label: "Employee's full name", section: 'Employer' }) };
    expect(suggest(fields)).toEqual({ Text3: 'Full Name' });
  });

  it("reads a witness's block from the title over it, until the applicant's part", () => {
    const title = { text: 'Details of person making the statement', position: 'above' as const };
    const applicant = { text: 'Visa applicant’s full name', position: 'above' as const };
    const fields: FieldDataDto = {
      hofullname: cell(50, 0, {
        label: 'Full name',
        label_candidates: [{ text: 'Full name', position: 'left' }, title],
      }),
      birth: cell(50, 1, { label: 'Date of birth' }),
      hoduongdon: cell(50, 4, {
        label: 'Full name',
        label_candidates: [{ text: 'Full name', position: 'left' }, applicant],
      }),
      duongdon: cell(50, 5, { label: 'Date of birth' }),
    };
    expect(suggest(fields)).toEqual({ hoduongdon: 'Full Name', duongdon: 'Date of Birth' });
  });
});
