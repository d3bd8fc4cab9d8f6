import { describe, expect, it } from 'vitest';
import { listMappingTargets, resolveMappingTarget, type TargetTable } from './mapping-targets.ts';

const companies: TargetTable = {
  id: 'c',
  name: 'Companies',
  fields: [
    { name: 'Company Name', label: 'Company Name', type: 'string', required: true },
    { name: 'logo', label: 'Logo', type: 'file', required: false },
  ],
  combination_rules: [
    { name: 'Letterhead', label: 'Letterhead', source_fields: ['Company Name'], separator: ' ' },
  ],
};
const clients: TargetTable = {
  id: 't',
  name: 'Clients',
  fields: [
    { name: 'first_name', label: 'First name', type: 'string', required: true },
    { name: 'dob', label: 'Date of birth', type: 'date', required: false },
    { name: 'passport', label: 'Passport scan', type: 'file', required: false },
    { name: 'employer', label: 'Employer', type: 'link', required: false, linked_table_id: 'c' },
    { name: 'orphan', label: 'Orphan', type: 'link', required: false },
  ],
  combination_rules: [
    { name: 'Full Name', label: 'Full name', source_fields: ['first_name'], separator: ' ' },
  ],
};
const linked = new Map([['c', companies]]);
const universal = [{ key: 'current_date', label: 'Current Date', type: 'date' }];

describe('resolveMappingTarget', () => {
  it.each([
    ['first_name', 'first_name', 'First name', 'string'],
    ['FIRST_NAME', 'first_name', 'First name', 'string'],
    ['Full Name', 'Full Name', 'Full name', 'string'],
    ['employer', 'employer', 'Employer', 'link'],
    ['employer.Company Name', 'employer.Company Name', 'Employer → Company Name', 'string'],
    ['employer::company name', 'employer.Company Name', 'Employer → Company Name', 'string'],
    ['employer.Letterhead', 'employer.Letterhead', 'Employer → Letterhead', 'string'],
    ['universal::current_date', 'universal::current_date', 'Current Date', 'date'],
  ])('accepts %s as %s', (raw, key, label, type) => {
    expect(resolveMappingTarget(raw, clients, linked, universal)).toEqual({
      ok: true,
      key,
      label,
      type,
    });
  });

  it.each([
    ['passport', '"passport" is a file field; files cannot fill a PDF field'],
    ['employer.logo', '"logo" is a file field; files cannot fill a PDF field'],
    ['nope', '"nope" is not a field of table "Clients"'],
    ['employer.nope', '"nope" is not a field of table "Companies"'],
    ['first_name.x', '"first_name" is not a link field'],
    ['orphan.x', 'Link field "orphan" has no linked table'],
    ['universal::tomorrow', '"tomorrow" is not a universal dynamic field'],
    [
      'a.b.c',
      "mapped_field_key must be 'field', 'linkfield.field', 'linkfield::field' or 'universal::key'",
    ],
  ])('refuses %s', (raw, message) => {
    expect(resolveMappingTarget(raw, clients, linked, universal)).toEqual({ ok: false, message });
  });
});

describe('listMappingTargets', () => {
  it('groups non-file fields, rules, each linked table and the dynamic values', () => {
    const groups = listMappingTargets(clients, linked, universal);
    expect(groups.map((group) => group.label)).toEqual([
      'Table Fields',
      'Combination Fields',
      'Companies (Linked)',
      'Dynamic Values',
    ]);
    expect(groups[0]?.options.map((option) => option.key)).toEqual([
      'first_name',
      'dob',
      'employer',
      'orphan',
    ]);
    expect(groups[2]?.options.map((option) => option.key)).toEqual([
      'employer.Company Name',
      'employer.Letterhead',
    ]);
    expect(groups[3]?.options).toEqual([
      { key: 'universal::current_date', label: 'Current Date', type: 'date' },
    ]);
  });

  it("names the visual editor's groups as the spec does there", () => {
    const groups = listMappingTargets(clients, linked, universal, 'visual');
    expect(groups.map((group) => group.label)).toEqual([
      'Primary Table Fields',
      'Combination Fields',
      'Companies (Linked)',
      'Universal Fields',
    ]);
  });
});
