import type { FieldDataDto } from '@formbridge/contract/templates';
import { describe, expect, it } from 'vitest';
import { suggestFieldMappings } from './suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from './suggest-test-helpers.ts';
import type { SuggestInput } from './suggest-types.ts';

/** field name → suggested key, for readable expectations. */
function suggest(input: SuggestInput, threshold?: number): Record<string, string> {
  return Object.fromEntries(
    suggestFieldMappings(input, threshold === undefined ? {} : { threshold }).map((s) => [
      s.field_name,
      s.suggested_field_key,
    ]),
  );
}

const people = table('Clients', [
  'First Name',
  'Last Name',
  'SSN',
  'Street Address',
  'City',
  'State',
  'ZIP',
  'Phone',
  'Email:email',
  'Date of Birth:date',
  'Scan:file',
]);

describe('reading PDF fields', () => {
  it('reads name parts from the name alone (Name_First was once taken for last_name)', () => {
    const fields: FieldDataDto = {
      Name_First: pdfField(),
      Name_Middle: pdfField(),
      Name_Last: pdfField(),
      Name_Suffix: pdfField(),
    };
    const names = table('People', ['first_name', 'middle_name', 'last_name', 'name_suffix']);
    expect(suggest(suggestInput(fields, names))).toEqual({
      Name_First: 'first_name',
      Name_Middle: 'middle_name',
      Name_Last: 'last_name',
      Name_Suffix: 'name_suffix',
    });
  });

  it('relies on the printed label when the name is generic (f1_02, Text1)', () => {
    const fields: FieldDataDto = {
      'topmostSubform[0].Page1[0].f1_02[0]': pdfField({ label: 'Your first name' }),
      'topmostSubform[0].Page1[0].f1_03[0]': pdfField({ label: 'Last name' }),
      Text1: pdfField({ tooltip: 'Social security number', max_length: 9 }),
    };
    expect(suggest(suggestInput(fields, people))).toEqual({
      'topmostSubform[0].Page1[0].f1_02[0]': 'First Name',
      'topmostSubform[0].Page1[0].f1_03[0]': 'Last Name',
      Text1: 'SSN',
    });
  });

  it('reads the layout caption candidates when no text sits right by the box', () => {
    const fields: FieldDataDto = {
      Text7: pdfField({ label_candidates: ['Date of birth', 'Signature'] }),
      'form1[0].f2_30[0]': pdfField({ label_candidates: ['Date'] }),
    };
    // The other box's only candidate may be a neighbour's "Date": no universal value from it.
    expect(suggest(suggestInput(fields, people))).toEqual({ Text7: 'Date of Birth' });
  });

  it('reads a parent that holds only this field as its name', () => {
    const fields: FieldDataDto = {
      'form1[0].Page2[0].RoutingNo[0].f2_18[0]': pdfField({ label: 'Amount refunded to you' }),
      'form1[0].Page2[0].AccountNo[0].f2_19[0]': pdfField({ label: 'Routing number' }),
    };
    const bank = table('Clients', ['Routing Number', 'Account Number']);
    expect(suggest(suggestInput(fields, bank))).toEqual({
      'form1[0].Page2[0].RoutingNo[0].f2_18[0]': 'Routing Number',
      'form1[0].Page2[0].AccountNo[0].f2_19[0]': 'Account Number',
    });
  });

  it('understands abbreviations, camelCase and other languages', () => {
    const fields: FieldDataDto = {
      'Applicant DOB': pdfField(),
      telHome: pdfField(),
      'Code postal': pdfField(),
      Vorname: pdfField(),
      apellido: pdfField(),
    };
    expect(suggest(suggestInput(fields, people))).toEqual({
      'Applicant DOB': 'Date of Birth',
      telHome: 'Phone',
      'Code postal': 'ZIP',
      Vorname: 'First Name',
      apellido: 'Last Name',
    });
  });

  it('reads municipality, nationality and trade-name captions in other languages', () => {
    const fields: FieldDataDto = {
      Text1: pdfField({ label: 'Gemeinde' }),
      Text2: pdfField({ label: 'Staatsbürgerschaft' }),
      Text3: pdfField({ label: 'Nom commercial' }),
      Text4: pdfField({ label: 'Forme juridique' }),
    };
    const business = table('Businesses', ['City', 'Nationality', 'DBA', 'Entity Type']);
    expect(suggest(suggestInput(fields, business))).toEqual({
      Text1: 'City',
      Text2: 'Nationality',
      Text3: 'DBA',
      Text4: 'Entity Type',
    });
  });

  it('maps a Dutch invoice onto an English table: date, total, bank account', () => {
    const fields: FieldDataDto = {
      Factuurdatum: pdfField(),
      Totaalbedrag: pdfField(),
      Rekeningnummer: pdfField(),
    };
    const invoices = table('Invoices', ['Invoice Date:date', 'Total Amount', 'Bank Account']);
    expect(suggest(suggestInput(fields, invoices))).toEqual({
      Factuurdatum: 'Invoice Date',
      Totaalbedrag: 'Total Amount',
      Rekeningnummer: 'Bank Account',
    });
  });

  it('reads Address 1 / Address 2 as the lines of one address, not as rows', () => {
    const lines: FieldDataDto = {
      'Address 1 Text Box': pdfField(),
      'Address 2 Text Box': pdfField(),
    };
    const homes = table('Homes', ['Street', 'Address Line 2']);
    expect(suggest(suggestInput(lines, homes))).toEqual({
      'Address 1 Text Box': 'Street',
      'Address 2 Text Box': 'Address Line 2',
    });
    // The first line is the record's own address, as sure as a box named Adres alone.
    const dutch: FieldDataDto = { Adres1: pdfField(), Adres2: pdfField() };
    expect(suggest(suggestInput(dutch, table('Klanten', ['Adres'])), 0.95)).toEqual({
      Adres1: 'Adres',
    });
    // Four numbered address boxes are a list: only the first row may be the record's.
    const list: FieldDataDto = Object.fromEntries(
      [1, 2, 3, 4].map((n) => [`Address${n}`, pdfField({ rect: [0, n * 20, 100, n * 20 + 12] })]),
    );
    expect(suggest(suggestInput(list, table('Sites', ['Address'])))).toEqual({
      Address1: 'Address',
    });
  });

  it('reads words joined by slashes as alternatives, not as words left unexplained', () => {
    const fields: FieldDataDto = {
      Text24: pdfField({ label: 'Name of doctor/specialist' }),
      Text26: pdfField({ label: 'Name of hospital/clinic' }),
      Text27: pdfField({ label: 'Date of birth (MM/DD/YYYY)' }),
    };
    const claims = table('Claims', ['Doctor Name', 'Hospital Name', 'Date of Birth:date']);
    // 0.71: above what the same captions scored when "specialist" and "clinic" counted as
    // words of their own that the targets leave unexplained.
    expect(suggest(suggestInput(fields, claims), 0.71)).toEqual({
      Text24: 'Doctor Name',
      Text26: 'Hospital Name',
      Text27: 'Date of Birth',
    });
  });

  it('skips mapped, signature and button fields, not read-only ones', () => {
    const fields: FieldDataDto = {
      City: pdfField(),
      Phone: pdfField(),
      'Apt number': pdfField({ read_only: true }),
      Signature: pdfField({ type: 'signature' }),
      Email: pdfField({ type: 'button' }),
    };
    const withApt = table('Clients', ['City', 'Phone', 'Apt No', 'Signature', 'Email:email']);
    expect(suggest(suggestInput(fields, withApt, [], ['Phone']))).toEqual({
      City: 'City',
      'Apt number': 'Apt No',
    });
  });
});

describe('assignment', () => {
  it('gives one table field to one PDF field, the best fitting', () => {
    const fields: FieldDataDto = {
      'Emergency contact city': pdfField(),
      'Previous city': pdfField(),
      City: pdfField(),
      'Foreign city': pdfField(),
    };
    expect(suggest(suggestInput(fields, people))).toEqual({ City: 'City' });
  });

  it('does not hand a common word to many unrelated boxes', () => {
    const fields: FieldDataDto = {};
    for (const what of ['Doctor', 'Facility', 'Insurer', 'Witness', 'Supervisor', 'Pharmacy']) {
      fields[`Name of ${what}`] = pdfField();
    }
    const named = table('Contacts', ['Name', 'Notes']);
    expect(Object.keys(suggest(suggestInput(fields, named))).length).toBeLessThanOrEqual(1);
  });

  it('prefers giving each of two similar boxes its own field over one perfect pair', () => {
    const fields: FieldDataDto = {
      'S2B_State[0]': pdfField({ tooltip: 'Present physical address. Enter the state.' }),
      'S2A_State[0]': pdfField({ tooltip: 'Previous physical address. Enter the state.' }),
    };
    const addresses = table('Clients', ['State', 'Previous State']);
    expect(suggest(suggestInput(fields, addresses))).toEqual({
      'S2B_State[0]': 'State',
      'S2A_State[0]': 'Previous State',
    });
  });

  it("gives the record's own box a field, not the previous or mailing one", () => {
    const tip = (which: string) => `${which} Address (No P O Boxes). Enter the number here.`;
    // The other boxes come first, so field order cannot be what decides.
    const fields: FieldDataDto = {
      'S2A_AptNumber[0]': pdfField({ tooltip: tip('Previous Physical') }),
      'S2C_AptNumber[0]': pdfField({ tooltip: tip('Mailing') }),
      'S2B_AptNumber[0]': pdfField({ tooltip: tip('Present Physical') }),
    };
    expect(suggest(suggestInput(fields, table('Clients', ['Apt Number'])))).toEqual({
      'S2B_AptNumber[0]': 'Apt Number',
    });
  });

  it("gives a later page's header repeating the name and SSN the same fields", () => {
    const fields: FieldDataDto = {
      'f1_01[0]': pdfField({ page: 0, label: 'Your full name' }),
      'f1_02[0]': pdfField({ page: 0, label: 'Your social security number' }),
      'f2_01[0]': pdfField({ page: 1, label: 'Name(s) shown on return' }),
      'f2_02[0]': pdfField({ page: 1, label: 'Your social security number' }),
    };
    const clients = table('Clients', ['Full Name', 'SSN']);
    expect(suggest(suggestInput(fields, clients))).toEqual({
      'f1_01[0]': 'Full Name',
      'f1_02[0]': 'SSN',
      'f2_01[0]': 'Full Name',
      'f2_02[0]': 'SSN',
    });
  });

  it("does not give a second person's name parts on a later page the record's", () => {
    const fields: FieldDataDto = {
      firstName: pdfField({ page: 0 }),
      lastName: pdfField({ page: 0 }),
      'First name (2)': pdfField({ page: 1 }),
      'Last name (2)': pdfField({ page: 1 }),
    };
    expect(suggest(suggestInput(fields, people))).toEqual({
      firstName: 'First Name',
      lastName: 'Last Name',
    });
  });

  it('offers no part of today for a numbered series of month or day columns', () => {
    const fields: FieldDataDto = {
      'Month 1': pdfField({ max_length: 2 }),
      'Month 2': pdfField({ max_length: 2 }),
      'Month 3': pdfField({ max_length: 2 }),
      'Date mois': pdfField({ max_length: 2 }),
    };
    expect(suggest(suggestInput(fields, table('Payroll', ['Notes'])))).toEqual({
      'Date mois': 'universal::current_month',
    });
  });

  it('lets a field repeated on another page share its target, but not numbered rows', () => {
    const fields: FieldDataDto = {
      'Nom Prénom': pdfField({ page: 0 }),
      'Nom Prénom P5': pdfField({ page: 4 }),
      'Adresse 1': pdfField(),
      'Adresse 2': pdfField(),
      PRENOMSRow1: pdfField({ page: 1 }),
      PRENOMSRow2: pdfField({ page: 1 }),
    };
    const french = table('Assurés', ['Nom', 'Prénom', 'Adresse'], {
      'Nom Prénom': ['Nom', 'Prénom'],
    });
    expect(suggest(suggestInput(fields, french))).toEqual({
      'Nom Prénom': 'Nom Prénom',
      'Nom Prénom P5': 'Nom Prénom',
      'Adresse 1': 'Adresse',
      PRENOMSRow1: 'Prénom',
    });
  });

  it('is deterministic and independent of the order fields are listed in', () => {
    const fields: FieldDataDto = {
      'Applicant Last Name': pdfField(),
      'Applicant First Name': pdfField(),
      'Mailing city': pdfField(),
      'Home phone': pdfField(),
      'Date signed': pdfField(),
    };
    const input = suggestInput(fields, people);
    const first = suggestFieldMappings(input);
    expect(suggestFieldMappings(input)).toEqual(first);
    expect(suggestFieldMappings(input)).toEqual(first);
    const reversed = suggestInput(Object.fromEntries(Object.entries(fields).reverse()), people);
    const byName = (list: typeof first) =>
      [...list].sort((a, b) => a.field_name.localeCompare(b.field_name));
    expect(byName(suggestFieldMappings(reversed))).toEqual(byName(first));
    // Output follows the template's field order.
    expect(first.map((s) => s.field_name)).toEqual(
      Object.keys(fields).filter((name) => first.some((s) => s.field_name === name)),
    );
  });
});

describe('targets', () => {
  const injuries = table('Injury Cases', [
    'Case Number',
    'Employee:link',
    'Facility:link',
    'Photos:file',
  ]);
  const employees = table('Employees', ['First Name', 'Last Name', 'City', 'Phone'], {
    'Full Name': ['First Name', 'Last Name'],
  });
  const facilities = table('Facilities', ['Name', 'City']);
  const linked = [
    { linkField: 'Employee', table: employees },
    { linkField: 'Facility', table: facilities },
  ];

  it('suggests linked fields and rules in the stored link.field form', () => {
    const fields: FieldDataDto = {
      'Employee full name': pdfField(),
      'Facility city': pdfField(),
      'Employee city': pdfField(),
      Facility: pdfField(),
      'Case No': pdfField(),
    };
    expect(suggest(suggestInput(fields, injuries, linked))).toEqual({
      'Employee full name': 'Employee.Full Name',
      'Facility city': 'Facility.City',
      'Employee city': 'Employee.City',
      Facility: 'Facility.Name',
      'Case No': 'Case Number',
    });
  });

  it('never suggests a link field itself or a file field', () => {
    const fields: FieldDataDto = { Employee: pdfField({ label: 'Employee' }), Photos: pdfField() };
    const keys = Object.values(suggest(suggestInput(fields, injuries, linked), 0.01));
    expect(keys).not.toContain('Employee');
    expect(keys).not.toContain('Photos');
  });

  it('suggests combination rules by their name', () => {
    const fields: FieldDataDto = {
      'f1_10[0]': pdfField({ label: 'City, town or post office, state, and ZIP code' }),
      'Full name': pdfField(),
    };
    const rules = table('Clients', ['First Name', 'Last Name', 'City', 'State', 'ZIP'], {
      'City State ZIP': ['City', 'State', 'ZIP'],
      'Full Name': ['First Name', 'Last Name'],
    });
    expect(suggest(suggestInput(fields, rules))).toEqual({
      'f1_10[0]': 'City State ZIP',
      'Full name': 'Full Name',
    });
  });

  it('suggests universal values for boxes that ask for today, and reuses them', () => {
    const fields: FieldDataDto = {
      Date: pdfField(),
      'Date signed': pdfField(),
      'date jour': pdfField({ max_length: 2 }),
      'Date mois': pdfField({ max_length: 2 }),
      'Date année': pdfField({ max_length: 4 }),
      'Date of injury': pdfField(),
    };
    expect(suggest(suggestInput(fields, table('Cases', ['Notes'])))).toEqual({
      Date: 'universal::current_date',
      'Date signed': 'universal::current_date',
      'date jour': 'universal::current_day',
      'Date mois': 'universal::current_month',
      'Date année': 'universal::current_year',
    });
  });

  it("prefers the table's own field to a universal value", () => {
    const fields: FieldDataDto = { 'Email address': pdfField() };
    expect(suggest(suggestInput(fields, people))).toEqual({ 'Email address': 'Email' });
  });
});

describe('confidence and threshold', () => {
  it('suggests nothing for fields with no convincing target', () => {
    const fields: FieldDataDto = {
      'Weather today': pdfField(),
      'Favourite colour': pdfField({ tooltip: 'Your favourite colour' }),
      'Check Box7': pdfField({ type: 'checkbox', options: [{ value: 'Yes', label: 'Yes' }] }),
    };
    expect(suggestFieldMappings(suggestInput(fields, people))).toEqual([]);
  });

  it('drops suggestions below the threshold and rounds scores to two decimals', () => {
    const fields: FieldDataDto = {
      City: pdfField(),
      'Mailing address street': pdfField({ label: 'Street address (no P.O. boxes)' }),
    };
    const all = suggestFieldMappings(suggestInput(fields, people), { threshold: 0.3 });
    for (const suggestion of all) {
      expect(suggestion.confidence_score).toBeGreaterThanOrEqual(0);
      expect(suggestion.confidence_score).toBeLessThanOrEqual(1);
      expect(Math.round(suggestion.confidence_score * 100) / 100).toBe(suggestion.confidence_score);
    }
    const strict = suggestFieldMappings(suggestInput(fields, people), { threshold: 0.99 });
    expect(strict.map((s) => s.field_name)).toEqual(['City']);
    // The threshold is on the raw score; the shown confidence is calibrated, and never certainty.
    expect(strict[0]?.confidence_score).toBeGreaterThanOrEqual(0.9);
    expect(strict[0]?.confidence_score).toBeLessThan(1);
  });
});
