// Issue 32: which mappings of a template survive a new revision of its PDF, given the field
// matches of template-revision-match.ts. Pure; the server applies the result in one transaction.
import type { FieldMatch } from './template-revision-match.ts';
import type { FieldDataDto, FieldInfoDto } from './templates.ts';
import type { Transform } from './transforms.ts';

export type CarriedMapping = { id: string; from: string; to: string };
export type DroppedMapping = { id: string; field_name: string; reason: DropReason };
export type DropReason = 'field_removed' | 'type_changed' | 'option_missing';

type MappingRef = { id: string; field_name: string; transform: Transform | null };

const WITH_OPTIONS = new Set(['radio', 'dropdown', 'list']);

/** Option values a transform writes into a radio/dropdown/list field (others take free text). */
function optionsUsed(transform: Transform | null): string[] {
  if (transform?.kind === 'condition') {
    return transform.option === null ? [] : [transform.option];
  }
  if (transform?.kind === 'value_map') {
    return transform.entries.map((entry) => entry.to);
  }
  return [];
}

function missingOption(field: FieldInfoDto, transform: Transform | null): boolean {
  if (!WITH_OPTIONS.has(field.type)) {
    return false;
  }
  const values = new Set((field.options ?? []).flatMap((o) => [o.value, o.label]));
  return optionsUsed(transform).some((value) => !values.has(value));
}

/**
 * Splits a template's mappings into those that move to their matched field of the new revision
 * and those dropped: field gone (or unmatched), type changed (a text mapping must not silently
 * drive a checkbox), or a transform choosing an option the new field no longer has.
 */
export function carryMappings(
  mappings: readonly MappingRef[],
  matches: readonly FieldMatch[],
  oldData: FieldDataDto,
  newData: FieldDataDto,
): { carried: CarriedMapping[]; dropped: DroppedMapping[] } {
  const byOld = new Map(matches.map((m) => [m.from, m.to]));
  const carried: CarriedMapping[] = [];
  const dropped: DroppedMapping[] = [];
  for (const mapping of mappings) {
    const to = byOld.get(mapping.field_name);
    const before = oldData[mapping.field_name];
    const after = to === undefined ? undefined : newData[to];
    if (to === undefined || after === undefined) {
      dropped.push({ id: mapping.id, field_name: mapping.field_name, reason: 'field_removed' });
    } else if (before !== undefined && before.type !== after.type) {
      dropped.push({ id: mapping.id, field_name: mapping.field_name, reason: 'type_changed' });
    } else if (missingOption(after, mapping.transform)) {
      dropped.push({ id: mapping.id, field_name: mapping.field_name, reason: 'option_missing' });
    } else {
      carried.push({ id: mapping.id, from: mapping.field_name, to });
    }
  }
  return { carried, dropped };
}
