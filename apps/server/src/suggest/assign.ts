// Choosing one target per PDF field, for the whole form at once. A table field goes to one PDF
// field only, so "City" goes to the applicant's city box and not also to the emergency
// contact's, the permanent address's and the foreign address's. Among the ways of doing that,
// the one with the most total confidence above the threshold wins (maximum-weight matching):
// when "State" fits the present and the previous address about equally, and "Previous State"
// fits only the previous one, each gets its own.
//
// Exceptions to one-to-one: universal values (today's date can fill every date-of-signing box),
// and a field repeated on another page under the same name (`Nom Prénom` / `Nom Prénom P5`).
import { maximumAssignment } from './hungarian.ts';
import type { ScoredPair } from './suggest-types.ts';

/** A repeat must score about as well as the original to share its target… */
const REPEAT_TOLERANCE = 0.05;
/** …and clearly better than what the matching gave it instead. */
const REPEAT_GAIN = 0.1;
/** A pair exactly at the threshold is still worth taking. */
const MARGIN = 0.01;
/** Exact ties go to the earlier field and earlier target, never to chance. */
const TIE_BIAS = 1e-9;
/**
 * Components with more PDF fields than this are assigned greedily (best pair first): the
 * matching costs rows² × columns, and forms that large rarely hinge on near ties.
 */
export const MAX_MATCHED_ROWS = 200;
/** Between a table field and a universal value that fit equally, the table's data wins. */
const UNIVERSAL_DISCOUNT = 0.02;

/** Best first; ties by field order, then by target order, so the result never depends on input order. */
export function comparePairs(a: ScoredPair, b: ScoredPair): number {
  return b.score - a.score || a.field.order - b.field.order || a.target.order - b.target.order;
}

/**
 * What a later page's header repeats about the record's person ("Name(s) shown on return", "Your
 * social security number"): the whole name or an identity number, whatever the box is called. Name
 * parts are not among them: first, last name and birth date again on a later page are usually a
 * second person (a co-applicant, a child), not a header.
 */
const IDENTITY_CONCEPTS = new Set(['full_name', 'ssn', 'tin']);

/** Every wording of the target is the whole name or an identity number. */
function isIdentity(pair: ScoredPair): boolean {
  return (
    pair.target.wordings.length > 0 &&
    pair.target.wordings.every((wording) =>
      wording.terms.every((term) => IDENTITY_CONCEPTS.has(term.concept)),
    )
  );
}

function isRepeatOf(pair: ScoredPair, owner: ScoredPair): boolean {
  const isSameName = pair.field.repeatKey !== '' && pair.field.repeatKey === owner.field.repeatKey;
  const isHeaderRepeat = pair.field.page > owner.field.page && isIdentity(pair);
  return (
    (isSameName || isHeaderRepeat) &&
    pair.field.page !== owner.field.page &&
    pair.score >= owner.score - REPEAT_TOLERANCE
  );
}

/** Groups pairs into independent parts: fields linked, directly or not, by a shared target. */
function components(pairs: readonly ScoredPair[]): ScoredPair[][] {
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    while (parent.has(root) && parent.get(root) !== root) {
      root = parent.get(root) ?? root;
    }
    parent.set(key, root);
    return root;
  };
  const union = (a: string, b: string) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) {
      parent.set(rb, ra);
    }
  };
  for (const pair of pairs) {
    find(`f:${pair.field.name}`);
    if (!pair.target.reusable) {
      union(`f:${pair.field.name}`, `t:${pair.target.key}`);
    }
  }
  const groups = new Map<string, ScoredPair[]>();
  for (const pair of pairs) {
    const root = find(`f:${pair.field.name}`);
    const group = groups.get(root) ?? [];
    group.push(pair);
    groups.set(root, group);
  }
  return [...groups.values()];
}

/** Best pair first, each field once, each table target once (pairs sorted best first). */
function assignGreedily(pairs: readonly ScoredPair[]): ScoredPair[] {
  const done = new Set<string>();
  const taken = new Set<string>();
  const assigned: ScoredPair[] = [];
  for (const pair of pairs) {
    if (!done.has(pair.field.name) && (pair.target.reusable || !taken.has(pair.target.key))) {
      done.add(pair.field.name);
      taken.add(pair.target.key);
      assigned.push(pair);
    }
  }
  return assigned;
}

/** The maximum-weight matching of one component (pairs sorted best first). */
function matchComponent(pairs: readonly ScoredPair[], threshold: number): ScoredPair[] {
  const rows = [...new Set(pairs.map((pair) => pair.field))].sort((a, b) => a.order - b.order);
  if (rows.length > MAX_MATCHED_ROWS) {
    return assignGreedily(pairs);
  }
  const rowOf = new Map(rows.map((field, i) => [field.name, i]));
  const shared = [...new Set(pairs.filter((p) => !p.target.reusable).map((p) => p.target))].sort(
    (a, b) => a.order - b.order,
  );
  const columnOf = new Map(shared.map((target, j) => [target.key, j]));
  // Columns: the shared table targets, then one private column per field for its best universal value.
  const columns = shared.length + rows.length;
  // (rows − i)(columns − j) favours earlier fields, and pairs them with earlier targets in order.
  const bias = (i: number, j: number) => TIE_BIAS * (rows.length - i) * (columns - j);
  const gains = rows.map(() => new Array<number>(columns).fill(0));
  const pairAt = new Map<number, ScoredPair>();
  for (const pair of pairs) {
    const i = rowOf.get(pair.field.name) ?? 0;
    const j = pair.target.reusable ? shared.length + i : (columnOf.get(pair.target.key) ?? 0);
    const row = gains[i];
    if (row && !pairAt.has(i * columns + j)) {
      const discount = pair.target.reusable ? UNIVERSAL_DISCOUNT : 0;
      row[j] = Math.max(TIE_BIAS, pair.score - threshold + MARGIN - discount) + bias(i, j);
      pairAt.set(i * columns + j, pair);
    }
  }
  const matched: ScoredPair[] = [];
  maximumAssignment(gains, columns).forEach((j, i) => {
    const pair = pairAt.get(i * columns + j);
    if (pair) {
      matched.push(pair);
    }
  });
  return matched;
}

/**
 * Picks at most one target per field from pairs already at or above `threshold`: a maximum-
 * weight matching on (score − threshold), so strong pairs are not traded for several weak ones;
 * then same-named fields on other pages may share their original's target.
 */
export function assignTargets(pairs: readonly ScoredPair[], threshold: number): ScoredPair[] {
  const sorted = [...pairs].sort(comparePairs);
  const chosen = new Map<string, ScoredPair>();
  const owners = new Map<string, ScoredPair>();
  for (const component of components(sorted)) {
    for (const pair of matchComponent(component, threshold)) {
      chosen.set(pair.field.name, pair);
      if (!pair.target.reusable) {
        owners.set(pair.target.key, pair);
      }
    }
  }
  // A field repeated on another page shares its original's target when that fits it clearly
  // better than whatever the matching left it ("Nom Prénom" / "Nom Prénom P5").
  for (const pair of sorted) {
    const owner = owners.get(pair.target.key);
    const current = chosen.get(pair.field.name);
    if (owner && isRepeatOf(pair, owner) && pair.score > (current?.score ?? 0) + REPEAT_GAIN) {
      if (current && owners.get(current.target.key) === current) {
        owners.delete(current.target.key);
      }
      chosen.set(pair.field.name, pair);
    }
  }
  return [...chosen.values()].sort((a, b) => a.field.order - b.field.order);
}
