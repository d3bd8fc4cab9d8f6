import type { ValidationIssue } from '@formbridge/contract/errors';
import {
  checkPublicFieldValue,
  PUBLIC_FIELD_MESSAGES,
  type PublicFormVariant,
} from '@formbridge/contract/public-form-rules';
import { getRecordDisplayName } from '@formbridge/contract/display-name';
import { PUBLIC_LINK_MESSAGES } from '@formbridge/contract/public-links';
import { validateRecordData } from '@formbridge/contract/records';
import { readValue } from '@formbridge/contract/records-values';
import type { Db } from '../../db/database.ts';
import { auditRecordWrite, describeRecord } from '../../lib/audit/audit-record.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import type { AppError } from '../../lib/errors.ts';
import { validationError } from '../../lib/errors.ts';
import { listRecordFiles, type StoredFile } from '../record-files/record-files.public.ts';
import { findRecord, writeRecordData } from '../records/records.public.ts';
import { lockTable, type StoredTable } from '../tables/tables.public.ts';
import type { PublicField } from './public-fields.ts';

/** The one record a link reaches; visitors never name it, the link row does. */
export type LinkTarget = { ownerId: string; tableId: string; recordId: string };

export type PublicSubmission = {
  variant: PublicFormVariant;
  /** What the visitor sent, by field id. Fields left out keep their stored values. */
  values: Readonly<Record<string, unknown>>;
  /** Where `values` sit in the body, for `loc` (['body'] or ['body', 'form_data']). */
  locPrefix: ValidationIssue['loc'];
  /** Where file-field problems are reported. */
  fileLocPrefix: ValidationIssue['loc'];
  /** The form's fields, built from the table as it is under the lock. */
  listFields: (table: StoredTable) => PublicField[];
  /** More checks that need the record's files (the data form's `files`). */
  checkFiles?: (fields: readonly PublicField[], files: readonly StoredFile[]) => ValidationIssue[];
  /** The error when the link's record or table is gone. */
  gone: () => AppError;
  /** The link and visitor the audit log names for this write. */
  scope: AuditScope;
};

function checkRules(
  fields: readonly PublicField[],
  stored: Record<string, unknown>,
  files: readonly StoredFile[],
  submission: PublicSubmission,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const field of fields) {
    const isFile = field.type === 'file';
    const current = readValue(stored, field.id);
    const given = Object.hasOwn(submission.values, field.id)
      ? submission.values[field.id]
      : current;
    const message = checkPublicFieldValue(
      {
        ...field,
        current_value: current,
        has_files: files.some((file) => file.field_name === field.id),
      },
      isFile ? null : given,
      submission.variant,
    );
    if (message !== null) {
      const prefix = isFile ? submission.fileLocPrefix : submission.locPrefix;
      const isMissing = message === PUBLIC_FIELD_MESSAGES.required(field.label);
      issues.push({
        loc: [...prefix, field.id],
        msg: message,
        type: isMissing ? 'missing' : 'value_error',
      });
    }
  }
  return issues;
}

function checkKeys(
  fields: readonly PublicField[],
  submission: PublicSubmission,
): ValidationIssue[] {
  const ids = new Set(fields.map((field) => field.id));
  return Object.keys(submission.values)
    .filter((key) => !ids.has(key))
    .map((key) => ({
      loc: [...submission.locPrefix, key],
      msg: PUBLIC_LINK_MESSAGES.unknownField(key),
      type: 'extra_forbidden',
    }));
}

/**
 * Writes a visitor's values to the link's record inside `trx`, under the table lock like every
 * record write: unknown keys and the spec's per-field rules first (on what the record would hold
 * afterwards), then the record rules convert the values to their stored form. Only the form's
 * fields change; links, files and anything the form does not show keep their values. Values sent
 * for file fields are ignored: files change only through upload and remove.
 */
export async function applyPublicValues(
  trx: Db,
  target: LinkTarget,
  submission: PublicSubmission,
): Promise<{ table: StoredTable; data: Record<string, unknown> }> {
  const tableRow = await lockTable(trx, target.ownerId, target.tableId);
  const record =
    tableRow && (await findRecord(trx, target.ownerId, target.tableId, target.recordId));
  if (!tableRow || !record) {
    throw submission.gone();
  }
  const table = tableRow;
  const fields = submission.listFields(table);
  const stored = record.data;
  const files = await listRecordFiles(trx, target.ownerId, record.id);
  const issues = [
    ...checkKeys(fields, submission),
    ...checkRules(fields, stored, files, submission),
    ...(submission.checkFiles?.(fields, files) ?? []),
  ];
  const writable = fields.filter(
    (field) => field.type !== 'file' && Object.hasOwn(submission.values, field.id),
  );
  const converted = validateRecordData(
    // Required is the public rules' job (with their wording); these only convert and type-check.
    writable.map((field) => ({ ...field.field, required: false })),
    Object.fromEntries(writable.map((field) => [field.id, submission.values[field.id]])),
    { partial: true, locPrefix: submission.locPrefix },
  );
  const reported = new Set(issues.map((issue) => issue.loc.join('\u0000')));
  issues.push(...converted.errors.filter((issue) => !reported.has(issue.loc.join('\u0000'))));
  if (issues.length > 0) {
    throw validationError(issues);
  }
  const data = { ...stored, ...converted.value };
  const before = await describeRecord(trx, target.ownerId, table, stored);
  await writeRecordData(trx, record, data, new Date().toISOString());
  await auditRecordWrite(trx, submission.scope, {
    action: 'record.updated',
    table,
    recordId: record.id,
    before,
    after: data,
  });
  return { table, data };
}

/** The record a visitor's submission wrote, as `*.submitted` webhook events name it. */
export function submittedRecord(
  saved: { table: StoredTable; data: Record<string, unknown> },
  recordId: string,
): Record<string, unknown> {
  return {
    table_id: saved.table.id,
    table_name: saved.table.name,
    record_id: recordId,
    record_display_name: getRecordDisplayName(saved.table, { id: recordId, data: saved.data }),
  };
}
