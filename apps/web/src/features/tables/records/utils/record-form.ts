import type { ValidationIssue } from '@formbridge/contract/errors';
import { validateRecordData } from '@formbridge/contract/records';
import { readValue } from '@formbridge/contract/records-values';
import type { Field } from '@formbridge/contract/tables';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { RecordData } from '../api/records-api';

/**
 * The record form holds one value per field by position, not by name: field names are free
 * text ('Total Paid 2024', 'a[1]'), which react-hook-form would read as paths.
 */
export type RecordFormValues = { values: Array<string | boolean> };

function toInputValue(field: Field, value: unknown): string | boolean {
  if (field.type === 'boolean') {
    return value === true;
  }
  if (typeof value === 'number') {
    return String(value);
  }
  return typeof value === 'string' ? value : '';
}

/** Form values for a new record (empty, Yes/No off) or for editing a stored one. */
export function toRecordFormValues(
  fields: readonly Field[],
  data: Readonly<Record<string, unknown>> | null,
): RecordFormValues {
  return {
    values: fields.map((field) => toInputValue(field, data ? readValue(data, field.name) : null)),
  };
}

/**
 * Values by field name for the request body. File fields are left out: uploads own them, and a
 * save that leaves them out never detaches a file.
 */
export function toRecordData(fields: readonly Field[], form: RecordFormValues): RecordData {
  const entries: Array<[string, unknown]> = [];
  fields.forEach((field, index) => {
    if (field.type !== 'file') {
      entries.push([field.name, form.values[index] ?? null]);
    }
  });
  return Object.fromEntries(entries);
}

/** Where a record-data issue (loc ['data', field] or [field]) sits in the form, if anywhere. */
export function findFieldIndex(fields: readonly Field[], loc: ValidationIssue['loc']): number {
  const name = loc[0] === 'data' ? loc[1] : loc[0];
  return fields.findIndex((field) => field.name === name);
}

/**
 * Checks the form with the record rules the server applies (required, numbers, dates, e-mail)
 * and hands the submit handler the normalised data: an empty number stays empty (null).
 */
export function createRecordResolver(
  fields: readonly Field[],
): Resolver<RecordFormValues, unknown, RecordData> {
  const dataFields = fields.filter((field) => field.type !== 'file');
  return (form) => {
    const { value, errors } = validateRecordData(dataFields, toRecordData(fields, form));
    if (errors.length === 0) {
      return { values: value, errors: {} };
    }
    const list: Record<number, { type: string; message: string }> = {};
    for (const issue of errors) {
      const index = findFieldIndex(fields, issue.loc);
      if (index >= 0 && !list[index]) {
        list[index] = { type: issue.type, message: issue.msg };
      }
    }
    return { values: {}, errors: { values: list } as FieldErrors<RecordFormValues> };
  };
}
