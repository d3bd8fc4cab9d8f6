import { describe, expect, it } from 'vitest';
import type { TableProposal } from '@formbridge/contract/table-proposal';
import { fitProposalToTable } from './proposal-fit.ts';

const proposal: TableProposal = {
  table: {
    name: 'W-9',
    fields: [
      { name: 'full_name', label: 'Full name', type: 'string', required: false },
      { name: 'date_of_birth', label: 'Date of birth', type: 'date', required: false },
      { name: 'city', label: 'City', type: 'string', required: false },
      { name: 'signed', label: 'Signed', type: 'boolean', required: false },
    ],
    combination_rules: [],
  },
  mappings: [
    { field_name: 'f1', mapped_field_key: 'full_name' },
    { field_name: 'f2', mapped_field_key: 'date_of_birth' },
    { field_name: 'f3', mapped_field_key: 'city' },
    { field_name: 'f4', mapped_field_key: 'signed' },
  ],
  unmapped: [],
};

describe('fitProposalToTable', () => {
  it('maps to columns the table has and adds only the others', () => {
    const fitted = fitProposalToTable(proposal, {
      name: 'Clients',
      fields: [
        { name: 'Full_Name', label: '', type: 'string', required: true },
        { name: 'birth', label: 'Date of birth', type: 'date', required: false },
        { name: 'city', label: '', type: 'number', required: false },
      ],
    });
    expect(fitted.table.name).toBe('Clients');
    // "city" is taken by a number column, which cannot hold a city: a new column, next free name.
    expect(fitted.table.fields.map((field) => field.name)).toEqual(['city_2', 'signed']);
    expect(fitted.mappings.map((mapping) => mapping.mapped_field_key)).toEqual([
      'Full_Name',
      'birth',
      'city_2',
      'signed',
    ]);
  });

  it('adds everything to a table with nothing in common', () => {
    const fitted = fitProposalToTable(proposal, {
      name: 'Other',
      fields: [{ name: 'notes', label: '', type: 'string', required: false }],
    });
    expect(fitted.table.fields).toHaveLength(4);
    expect(fitted.mappings).toEqual(proposal.mappings);
  });
});
