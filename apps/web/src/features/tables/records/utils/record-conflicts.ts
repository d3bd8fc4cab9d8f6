import { isEmptyValue, readValue } from '@formbridge/contract/records-values';
import type { Field } from '@formbridge/contract/tables';
import type { RecordData } from '../api/records-api';

type Values = Readonly<Record<string, unknown>>;

/** Two stored values are the same when both are empty or both read the same. */
export function isSameValue(left: unknown, right: unknown): boolean {
  if (isEmptyValue(left) && isEmptyValue(right)) {
    return true;
  }
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * The form's values that differ from the record as it was opened: what a save sends (PATCH), so
 * fields someone else changed meanwhile are never written back with the old value.
 */
export function pickChangedValues(
  fields: readonly Field[],
  base: Values,
  mine: Values,
): RecordData {
  const entries = fields.flatMap((field): Array<[string, unknown]> => {
    if (field.type === 'file' || !Object.hasOwn(mine, field.name)) {
      return [];
    }
    const value = readValue(mine, field.name);
    return isSameValue(value, readValue(base, field.name)) ? [] : [[field.name, value]];
  });
  return Object.fromEntries(entries);
}

/**
 * The fields both sides changed to different values since `base`: mine (the changes being
 * saved) and theirs (the record as it is now). Every other change of either side stays.
 */
export function findConflictingFields(
  fields: readonly Field[],
  base: Values,
  changed: Values,
  theirs: Values,
): Field[] {
  return fields.filter((field) => {
    if (!Object.hasOwn(changed, field.name)) {
      return false;
    }
    const now = readValue(theirs, field.name);
    return (
      !isSameValue(now, readValue(base, field.name)) &&
      !isSameValue(now, readValue(changed, field.name))
    );
  });
}
