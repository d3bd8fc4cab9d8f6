import { getNameKey, type CombinationRule, type Field, type FieldType } from './tables.ts';

// What a schema edit does to existing data. The web editor uses the plan to ask before deleting
// values; the server uses the same plan to move record values and mapping keys, so both sides
// agree on which field is which.

export type NameChange = { from: string; to: string };

export type UnmatchedRename = {
  kind: 'field' | 'rule';
  /** Position of the field or rule in the body. */
  index: number;
  previousName: string;
  /** `unknown`: no such field or rule; `taken`: an earlier item already claimed it. */
  reason: 'unknown' | 'taken';
};

export type SchemaChangePlan = {
  /** Surviving fields whose name changed: values and mappings move from → to. */
  renames: NameChange[];
  /** Old names of fields that are gone: their values and mappings are deleted. */
  removed: string[];
  /** Names of fields that did not exist before. */
  added: string[];
  /** Surviving fields whose type changed; `name` is the new name. */
  typeChanges: Array<{ name: string; from: FieldType; to: FieldType }>;
  /** Link fields that stay links but point at another table, so their values point at the old one. */
  relinks: Array<{ name: string; from: string | null; to: string | null }>;
  ruleRenames: NameChange[];
  removedRules: string[];
  /** previous_name values that matched nothing; such items are treated as added. */
  unmatchedRenames: UnmatchedRename[];
};

type Named = { name: string; previous_name?: string | null };
type Matching = { pairs: Map<number, string>; unmatched: UnmatchedRename[]; removed: string[] };

// An explicit previous_name claims its old item first, so swapping two names works; items
// without one then match a still-unclaimed old item by name, ignoring case.
function matchItems(
  kind: UnmatchedRename['kind'],
  oldNames: readonly string[],
  items: readonly Named[],
) {
  const oldByKey = new Map(oldNames.map((name) => [getNameKey(name), name]));
  const claimed = new Set<string>();
  const result: Matching = { pairs: new Map(), unmatched: [], removed: [] };
  items.forEach((item, index) => {
    if (!item.previous_name) {
      return;
    }
    const key = getNameKey(item.previous_name);
    const oldName = oldByKey.get(key);
    if (oldName === undefined || claimed.has(key)) {
      const reason = oldName === undefined ? 'unknown' : 'taken';
      result.unmatched.push({ kind, index, previousName: item.previous_name, reason });
      return;
    }
    claimed.add(key);
    result.pairs.set(index, oldName);
  });
  items.forEach((item, index) => {
    const key = getNameKey(item.name);
    const oldName = oldByKey.get(key);
    if (item.previous_name || oldName === undefined || claimed.has(key)) {
      return;
    }
    claimed.add(key);
    result.pairs.set(index, oldName);
  });
  result.removed = oldNames.filter((name) => !claimed.has(getNameKey(name)));
  return result;
}

function listRenames(matching: Matching, items: readonly Named[]): NameChange[] {
  const renames: NameChange[] = [];
  items.forEach((item, index) => {
    const from = matching.pairs.get(index);
    if (from !== undefined && from !== item.name) {
      renames.push({ from, to: item.name });
    }
  });
  return renames;
}

/**
 * Compares a table's stored schema with an update body and says which fields were renamed,
 * removed, added, retyped or relinked, and which rules were renamed or removed. Total: a
 * previous_name that matches nothing is reported in `unmatchedRenames`, never thrown.
 */
export function planSchemaChange(
  current: { fields: readonly Field[]; combination_rules?: readonly CombinationRule[] },
  body: {
    fields: ReadonlyArray<Field & { previous_name?: string | null }>;
    combination_rules?: ReadonlyArray<{ name: string; previous_name?: string | null }>;
  },
): SchemaChangePlan {
  const oldByName = new Map(current.fields.map((field) => [field.name, field]));
  const fieldMatch = matchItems('field', [...oldByName.keys()], body.fields);
  const newRules = body.combination_rules ?? [];
  const oldRuleNames = (current.combination_rules ?? []).map((rule) => rule.name);
  const ruleMatch = matchItems('rule', oldRuleNames, newRules);

  const plan: SchemaChangePlan = {
    renames: listRenames(fieldMatch, body.fields),
    removed: fieldMatch.removed,
    added: body.fields.filter((_, index) => !fieldMatch.pairs.has(index)).map((f) => f.name),
    typeChanges: [],
    relinks: [],
    ruleRenames: listRenames(ruleMatch, newRules),
    removedRules: ruleMatch.removed,
    unmatchedRenames: [...fieldMatch.unmatched, ...ruleMatch.unmatched],
  };
  body.fields.forEach((field, index) => {
    const oldName = fieldMatch.pairs.get(index);
    const old = oldName === undefined ? undefined : oldByName.get(oldName);
    if (!old) {
      return;
    }
    if (old.type !== field.type) {
      plan.typeChanges.push({ name: field.name, from: old.type, to: field.type });
    } else if (field.type === 'link' && old.linked_table_id !== field.linked_table_id) {
      const from = old.linked_table_id ?? null;
      plan.relinks.push({ name: field.name, from, to: field.linked_table_id ?? null });
    }
  });
  return plan;
}

/**
 * The fields whose values the change deletes, which the user must confirm by listing them in
 * `confirm_remove_fields`: removed fields by their old name, and link fields pointed at another
 * table by their new name (their values are ids of records in the old table).
 */
export function listFieldsLosingValues(plan: SchemaChangePlan): string[] {
  return [...plan.removed, ...plan.relinks.map((relink) => relink.name)];
}

/** True when the plan changes no stored value or mapping (only labels, order or flags). */
export function isDataPreservingPlan(plan: SchemaChangePlan): boolean {
  return (
    plan.renames.length === 0 &&
    plan.removed.length === 0 &&
    plan.typeChanges.length === 0 &&
    plan.relinks.length === 0 &&
    plan.ruleRenames.length === 0 &&
    plan.removedRules.length === 0
  );
}
