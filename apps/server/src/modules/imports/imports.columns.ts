import type { ValidationIssue } from '@formbridge/contract/errors';
import { toFieldKeyForm } from '@formbridge/contract/display-name';
import { FIELD_TYPE_LABELS, getNameKey, type Field } from '@formbridge/contract/tables';
import { z } from 'zod';

/** Column name → field name; a column left out (or mapped to null) is not imported. */
export type ColumnMapping = Record<string, string>;

export const IMPORT_MESSAGES = {
  mappingInvalid:
    'mapping must be a JSON object from column names to field names, e.g. {"Full Name": "name"}',
  mappingEmpty: 'Map at least one column to a field.',
  columnUnknown: (column: string) => `Column '${column}' is not in the file.`,
  fieldUnknown: (field: string) => `Field '${field}' is not a field of this table.`,
  fieldNotImportable: (field: string) =>
    `Field '${field}' is a ${FIELD_TYPE_LABELS.file} field; files cannot be imported.`,
  fieldTaken: (field: string, first: string) =>
    `Field '${field}' is already mapped from column '${first}'.`,
  requiredUnmapped: (field: string) => `Required field '${field}' is not mapped to a column.`,
} as const;

/**
 * Names the columns after the header row: trimmed, 'Column N' for an empty header (N its place in
 * the sheet, `sheetColumns[i]` 0-based when columns were left out), and ' (2)', ' (3)'... for
 * repeats, so every column has a distinct name a mapping can refer to.
 */
export function nameColumns(
  header: readonly string[],
  sheetColumns: readonly number[] = [],
): string[] {
  const seen = new Set<string>();
  // Where each repeated name's count goes on, so 16,000 equal headers cost 16,000 steps, not 16,000².
  const nextCopy = new Map<string, number>();
  return header.map((cell, index) => {
    const base = cell.trim() === '' ? `Column ${(sheetColumns[index] ?? index) + 1}` : cell.trim();
    let name = base;
    let copy = nextCopy.get(getNameKey(base)) ?? 2;
    while (seen.has(getNameKey(name))) {
      name = `${base} (${copy})`;
      copy += 1;
    }
    nextCopy.set(getNameKey(base), copy);
    seen.add(getNameKey(name));
    return name;
  });
}

const importable = (fields: readonly Field[]) => fields.filter((field) => field.type !== 'file');

/**
 * Pairs columns with fields whose name or label reads the same once case, spaces, '-', '_' and
 * camelCase are set aside ('Full Name', 'full_name', 'fullName'); each field is suggested once.
 */
export function suggestMapping(
  columns: readonly string[],
  fields: readonly Field[],
): ColumnMapping {
  const mapping: ColumnMapping = {};
  const used = new Set<string>();
  for (const column of columns) {
    const key = toFieldKeyForm(column);
    const field = importable(fields).find(
      (candidate) =>
        !used.has(candidate.name) &&
        (toFieldKeyForm(candidate.name) === key || toFieldKeyForm(candidate.label) === key),
    );
    if (field) {
      mapping[column] = field.name;
      used.add(field.name);
    }
  }
  return mapping;
}

const mappingSchema = z.record(z.string(), z.string().nullable());

/**
 * Reads the `mapping` form field (JSON) and checks it against the file's columns and the table's
 * fields; returns the mapping without skipped columns, or the problems with their locations.
 */
export function readMapping(
  raw: string,
  columns: readonly string[],
  fields: readonly Field[],
): { mapping: ColumnMapping; issues: ValidationIssue[] } {
  const issue = (loc: ValidationIssue['loc'], msg: string) => ({ loc, msg, type: 'value_error' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const result = mappingSchema.safeParse(parsed);
  if (!result.success) {
    return { mapping: {}, issues: [issue(['body', 'mapping'], IMPORT_MESSAGES.mappingInvalid)] };
  }
  const issues: ValidationIssue[] = [];
  const mapping: ColumnMapping = {};
  const firstColumnOf = new Map<string, string>();
  for (const [column, fieldName] of Object.entries(result.data)) {
    if (fieldName === null || fieldName.trim() === '') {
      continue;
    }
    const loc = ['body', 'mapping', column];
    const field = fields.find((candidate) => candidate.name === fieldName);
    if (!columns.includes(column)) {
      issues.push(issue(loc, IMPORT_MESSAGES.columnUnknown(column)));
    } else if (!field) {
      issues.push(issue(loc, IMPORT_MESSAGES.fieldUnknown(fieldName)));
    } else if (field.type === 'file') {
      issues.push(issue(loc, IMPORT_MESSAGES.fieldNotImportable(fieldName)));
    } else if (firstColumnOf.has(fieldName)) {
      issues.push(
        issue(loc, IMPORT_MESSAGES.fieldTaken(fieldName, firstColumnOf.get(fieldName) ?? '')),
      );
    } else {
      firstColumnOf.set(fieldName, column);
      mapping[column] = fieldName;
    }
  }
  for (const field of importable(fields)) {
    // A Yes/No field is never "missing": an absent value is No (spec §5 Record form).
    if (field.required && field.type !== 'boolean' && !firstColumnOf.has(field.name)) {
      issues.push(issue(['body', 'mapping'], IMPORT_MESSAGES.requiredUnmapped(field.name)));
    }
  }
  if (issues.length === 0 && Object.keys(mapping).length === 0) {
    issues.push(issue(['body', 'mapping'], IMPORT_MESSAGES.mappingEmpty));
  }
  return { mapping, issues };
}
