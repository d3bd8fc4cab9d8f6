// The scorer's rules for evidence that points elsewhere: a qualifier printed before the matched
// word, a name that names another field than the printed text, another party's rows, and a bare
// day or month that is part of some other date.
import type { FieldDataDto } from '@formbridge/contract/templates';
import { describe, expect, it } from 'vitest';
import { suggestFieldMappings } from './suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from './suggest-test-helpers.ts';
import type { SuggestInput } from './suggest-types.ts';

function suggest(input: SuggestInput, threshold?: number): Record<string, string> {
  return Object.fromEntries(
    suggestFieldMappings(input, threshold === undefined ? {} : { threshold }).map((s) => [
      s.field_name,
      s.suggested_field_key,
    ]),
  );
}

const clients = table('Clients', ['First Name', 'State', 'ZIP', 'Phone'], {
  'City State ZIP': ['City', 'State', 'ZIP'],
});

describe('scoring evidence that points elsewhere', () => {
  it('does not give the ZIP to a foreign postal code, but reads past a later "foreign"', () => {
    const fields: FieldDataDto = {
      'Address[0].f1_10[0]': pdfField({
        label:
          'City, town or post office, state, and ZIP code. If you have a foreign address, see below',
      }),
      'Address[0].f1_12[0]': pdfField({ label: 'Foreign province/state/county' }),
      'Address[0].f1_13[0]': pdfField({ label: 'Foreign postal code' }),
    };
    // Even well under the default threshold: the foreign boxes get nothing at all.
    expect(suggest(suggestInput(fields, clients), 0.5)).toEqual({
      'Address[0].f1_10[0]': 'City State ZIP',
    });
  });

  it('believes the name over a printed text that names another field', () => {
    const people = table('Pescadores', ['CPF', 'Número']);
    const fields: FieldDataDto = {
      '02-CPF(Somentenúmeros)': pdfField({ label: 'números)' }),
    };
    expect(suggest(suggestInput(fields, people))).toEqual({ '02-CPF(Somentenúmeros)': 'CPF' });
  });

  it("believes the name when the printed label beside the box is the neighbour's", () => {
    const contacts = table('Members', ['Phone', 'Emergency Contact Relationship']);
    const fields: FieldDataDto = {
      Emergency_Relationship: pdfField({ tooltip: 'RELATIONSHIP', label: 'PHONE' }),
    };
    expect(suggest(suggestInput(fields, contacts))).toEqual({
      Emergency_Relationship: 'Emergency Contact Relationship',
    });
  });

  it("gives a dependents table's rows none of the record's own fields", () => {
    const fields: FieldDataDto = {
      'Page1[0].f1_02[0]': pdfField({ label: 'Your first name and middle initial' }),
      'Dependents[0].Table_Dependents[0].Row1[0].f1_14[0]': pdfField({ label: '(1) First name' }),
    };
    expect(suggest(suggestInput(fields, clients))).toEqual({ 'Page1[0].f1_02[0]': 'First Name' });
  });

  it("offers today's day and month only to boxes that say they are a date's", () => {
    const fields: FieldDataDto = {
      'date jour': pdfField({ tooltip: 'le jour' }),
      'date mois': pdfField({ tooltip: 'le mois' }),
      día: pdfField({ tooltip: 'día', label: 'Del día' }),
      mes2: pdfField({ tooltip: 'mes2', label: 'de' }),
    };
    expect(suggest(suggestInput(fields, table('Leave', ['Reason'])))).toEqual({
      'date jour': 'universal::current_day',
      'date mois': 'universal::current_month',
    });
  });
});
