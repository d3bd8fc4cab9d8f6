import { describe, expect, it } from 'vitest';
import type { CombinationRule, Field, FieldType } from './tables.ts';
import { isDataPreservingPlan, planSchemaChange } from './tables-schema-change.ts';

function field(name: string, type: FieldType = 'string', extra: Partial<Field> = {}): Field {
  return { name, label: name, type, required: false, ...extra };
}

function rule(name: string): CombinationRule {
  return { name, label: name, source_fields: ['a'], separator: ' ' };
}

const client = field('client', 'link', { linked_table_id: 't1' });
const current = {
  fields: [field('name'), field('phone'), field('age', 'number'), client],
  combination_rules: [rule('full'), rule('short')],
};

describe('planSchemaChange', () => {
  it('reports nothing when the schema is sent back unchanged', () => {
    const plan = planSchemaChange(current, current);
    expect(plan).toEqual({
      renames: [],
      removed: [],
      added: [],
      typeChanges: [],
      relinks: [],
      ruleRenames: [],
      removedRules: [],
      unmatchedRenames: [],
    });
    expect(isDataPreservingPlan(plan)).toBe(true);
  });

  it('follows previous_name for a rename', () => {
    const plan = planSchemaChange(current, {
      ...current,
      fields: [
        { ...field('Full Name'), previous_name: 'name' },
        field('phone'),
        field('age', 'number'),
        client,
      ],
    });
    expect(plan.renames).toEqual([{ from: 'name', to: 'Full Name' }]);
    expect(plan.removed).toEqual([]);
    expect(plan.added).toEqual([]);
    expect(isDataPreservingPlan(plan)).toBe(false);
  });

  it('swaps two names when both carry previous_name', () => {
    const plan = planSchemaChange(current, {
      fields: [
        { ...field('phone'), previous_name: 'name' },
        { ...field('name'), previous_name: 'phone' },
        field('age', 'number'),
        client,
      ],
    });
    expect(plan.renames).toEqual([
      { from: 'name', to: 'phone' },
      { from: 'phone', to: 'name' },
    ]);
    expect(plan.removed).toEqual([]);
    expect(plan.added).toEqual([]);
  });

  it('matches a field without previous_name by name ignoring case, as a case-only rename', () => {
    const plan = planSchemaChange(current, {
      fields: [field('NAME'), field('Phone'), field('age', 'number'), client],
    });
    expect(plan.renames).toEqual([
      { from: 'name', to: 'NAME' },
      { from: 'phone', to: 'Phone' },
    ]);
  });

  it('lists removed and added fields', () => {
    const plan = planSchemaChange(current, { fields: [field('name'), field('city')] });
    expect(plan.removed).toEqual(['phone', 'age', 'client']);
    expect(plan.added).toEqual(['city']);
  });

  it('treats a field with the old name of a renamed field as new', () => {
    const plan = planSchemaChange(current, {
      fields: [
        { ...field('mobile'), previous_name: 'phone' },
        field('phone'),
        field('name'),
        field('age', 'number'),
        client,
      ],
    });
    expect(plan.renames).toEqual([{ from: 'phone', to: 'mobile' }]);
    expect(plan.added).toEqual(['phone']);
  });

  it('reports type changes under the new name', () => {
    const plan = planSchemaChange(current, {
      fields: [
        field('name'),
        field('phone'),
        { ...field('years', 'string'), previous_name: 'age' },
        field('client', 'string'),
      ],
    });
    expect(plan.typeChanges).toEqual([
      { name: 'years', from: 'number', to: 'string' },
      { name: 'client', from: 'link', to: 'string' },
    ]);
    expect(plan.relinks).toEqual([]);
  });

  it('reports a link field pointed at another table', () => {
    const plan = planSchemaChange(current, {
      fields: [
        field('name'),
        field('phone'),
        field('age', 'number'),
        field('client', 'link', { linked_table_id: 't2' }),
      ],
    });
    expect(plan.relinks).toEqual([{ name: 'client', from: 't1', to: 't2' }]);
    expect(plan.typeChanges).toEqual([]);
  });

  it('reports previous_name values that match nothing and treats those fields as added', () => {
    const plan = planSchemaChange(current, {
      fields: [
        { ...field('a'), previous_name: 'nope' },
        { ...field('b'), previous_name: 'name' },
        { ...field('c'), previous_name: 'NAME' },
        field('phone'),
        field('age', 'number'),
        client,
      ],
    });
    expect(plan.unmatchedRenames).toEqual([
      { kind: 'field', index: 0, previousName: 'nope', reason: 'unknown' },
      { kind: 'field', index: 2, previousName: 'NAME', reason: 'taken' },
    ]);
    expect(plan.added).toEqual(['a', 'c']);
    expect(plan.renames).toEqual([{ from: 'name', to: 'b' }]);
  });

  it('plans combination rule renames and removals', () => {
    const plan = planSchemaChange(current, {
      fields: current.fields,
      combination_rules: [{ name: 'Full name', previous_name: 'full' }, { name: 'extra' }],
    });
    expect(plan.ruleRenames).toEqual([{ from: 'full', to: 'Full name' }]);
    expect(plan.removedRules).toEqual(['short']);
  });

  it('works on a table that had no rules', () => {
    const plan = planSchemaChange(
      { fields: [field('a')] },
      { fields: [field('a')], combination_rules: [{ name: 'r' }] },
    );
    expect(plan.removedRules).toEqual([]);
    expect(plan.ruleRenames).toEqual([]);
  });
});
