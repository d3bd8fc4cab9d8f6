import { describe, expect, it } from 'vitest';
import type { TableProposal } from '@formbridge/contract/table-proposal';
import {
  buildAddColumnsBody,
  buildCreateBody,
  countExistingColumnMappings,
  countMappedFields,
  toEditableColumns,
} from './proposal-edit';

const PROPOSAL: TableProposal = {
  table: {
    name: 'W-9',
    fields: [
      { name: 'name', label: 'Name', type: 'string', required: false },
      { name: 'ssn', label: 'SSN', type: 'string', required: false },
      { name: 'agree', label: 'Agree', type: 'boolean', required: false },
    ],
    combination_rules: [],
  },
  mappings: [
    { field_name: 'f1', mapped_field_key: 'name' },
    {
      field_name: 's1',
      mapped_field_key: 'ssn',
      transform: { kind: 'part', mode: 'sizes', sizes: [3, 6], index: 1 },
    },
    {
      field_name: 's2',
      mapped_field_key: 'ssn',
      transform: { kind: 'part', mode: 'sizes', sizes: [3, 6], index: 2 },
    },
    { field_name: 'c1', mapped_field_key: 'agree' },
  ],
  unmapped: [],
};

describe('buildCreateBody', () => {
  it('moves the mappings of a renamed column and drops those of a removed one', () => {
    const columns = toEditableColumns(PROPOSAL);
    columns[1] = { ...columns[1]!, name: ' tax_id ', label: 'Tax ID' };
    const kept = [columns[0]!, columns[1]];
    const body = buildCreateBody(PROPOSAL, ' Payees ', kept);
    expect(body.table.name).toBe('Payees');
    expect(body.table.fields.map((field) => field.name)).toEqual(['name', 'tax_id']);
    expect(body.table.fields[1]).not.toHaveProperty('proposedName');
    expect(body.mappings.map((mapping) => [mapping.field_name, mapping.mapped_field_key])).toEqual([
      ['f1', 'name'],
      ['s1', 'tax_id'],
      ['s2', 'tax_id'],
    ]);
    expect(body.mappings[2]?.transform).toEqual(PROPOSAL.mappings[2]?.transform);
    expect(countMappedFields(PROPOSAL, kept)).toBe(3);
  });
});

describe('buildAddColumnsBody', () => {
  // Fitted to a table that has `name` already: only ssn and agree are new columns.
  const fitted: TableProposal = {
    ...PROPOSAL,
    table: { ...PROPOSAL.table, fields: PROPOSAL.table.fields.slice(1) },
  };

  it('keeps mappings to existing columns and follows renamed and removed new ones', () => {
    const columns = toEditableColumns(fitted);
    columns[0] = { ...columns[0]!, name: ' tax_id ' };
    const body = buildAddColumnsBody(fitted, 'table-1', [columns[0]]);
    expect(body.table_id).toBe('table-1');
    expect(body.fields.map((field) => field.name)).toEqual(['tax_id']);
    expect(body.mappings.map((mapping) => [mapping.field_name, mapping.mapped_field_key])).toEqual([
      ['f1', 'name'],
      ['s1', 'tax_id'],
      ['s2', 'tax_id'],
    ]);
    expect(countMappedFields(fitted, [columns[0]])).toBe(3);
    expect(countExistingColumnMappings(fitted)).toBe(1);
  });
});
