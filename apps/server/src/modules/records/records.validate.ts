import type { ValidationIssue } from '@formbridge/contract/errors';
import { RECORD_MESSAGES, validateRecordData } from '@formbridge/contract/records';
import { readValue } from '@formbridge/contract/records-values';
import type { Db } from '../../db/database.ts';
import type { StoredFile } from '../record-files/record-files.public.ts';
import type { StoredTable } from '../tables/tables.public.ts';
import { findExistingRecordIds } from './records.repo.ts';

/** Refused file values: files are attached by upload only, so a value may only list its own. */
export const FILE_NOT_ATTACHED = (name: string) =>
  `Field '${name}' can only list files uploaded to this record.`;

export type RecordInputContext = {
  table: StoredTable;
  /** The record's stored data and files, for updates; absent for a new record. */
  existing?: { data: Record<string, unknown>; files: readonly StoredFile[] };
  /** Where the data sits in the request, for `loc`. */
  locPrefix?: ValidationIssue['loc'];
  /**
   * Only the fields the data names change (PATCH): each is checked as a whole record's would
   * be; every other field keeps its stored value.
   */
  partial?: boolean;
};

/** Link values must be ids of the owner's records in the linked table; those stay locked. */
async function checkLinks(
  db: Db,
  ctx: RecordInputContext,
  value: Record<string, unknown>,
  prefix: ValidationIssue['loc'],
): Promise<ValidationIssue[]> {
  const issues: ValidationIssue[] = [];
  for (const field of ctx.table.fields) {
    const id = readValue(value, field.name);
    if (field.type !== 'link' || typeof id !== 'string') {
      continue;
    }
    const target = field.linked_table_id;
    const found = target
      ? await findExistingRecordIds(db, ctx.table.owner_id, target, [id], 'share')
      : new Set<string>();
    if (!found.has(id)) {
      issues.push({
        loc: [...prefix, field.name],
        msg: RECORD_MESSAGES.invalidValue(field.name, 'link'),
        type: 'value_error',
      });
    }
  }
  return issues;
}

/**
 * The stored file list of each file field. A body may reorder a field's files but can neither
 * drop one (that is DELETE .../files/{id}, which also removes the file) nor add one that was not
 * uploaded to this record and field, so a stale form never orphans or steals a file.
 */
function resolveFiles(
  ctx: RecordInputContext,
  value: Record<string, unknown>,
  prefix: ValidationIssue['loc'],
  issues: ValidationIssue[],
): Array<[string, string[]]> {
  return ctx.table.fields
    .filter((field) => field.type === 'file')
    .map((field): [string, string[]] => {
      const attached = (ctx.existing?.files ?? [])
        .filter((file) => file.field_name === field.name)
        .map((file) => file.id);
      const given = readValue(value, field.name);
      const listed = Array.isArray(given) ? given.map(String) : [];
      if (listed.some((id) => !attached.includes(id))) {
        issues.push({
          loc: [...prefix, field.name],
          msg: FILE_NOT_ATTACHED(field.name),
          type: 'value_error',
        });
      }
      const ordered = listed.filter((id) => attached.includes(id));
      return [field.name, [...ordered, ...attached.filter((id) => !ordered.includes(id))]];
    });
}

/**
 * Validates a record body against the table (validateRecordData, then links and files) and
 * returns the data to store, with every field present (with `partial`, the fields it leaves out
 * as stored); throws nothing, the caller decides.
 */
export async function checkRecordInput(
  db: Db,
  ctx: RecordInputContext,
  data: unknown,
): Promise<{ value: Record<string, unknown>; issues: ValidationIssue[] }> {
  const prefix = ctx.locPrefix ?? ['body', 'data'];
  const partial = ctx.partial ?? false;
  const result = validateRecordData(ctx.table.fields, data, { locPrefix: prefix, partial });
  const issues = [...result.errors];
  issues.push(...(await checkLinks(db, ctx, result.value, prefix)));
  const files = new Map(resolveFiles(ctx, result.value, prefix, issues));
  const stored = ctx.existing?.data ?? {};
  const entries = ctx.table.fields.map((field): [string, unknown] => {
    if (field.type === 'file') {
      return [field.name, files.get(field.name) ?? []];
    }
    const isKept = partial && !Object.hasOwn(result.value, field.name);
    return [field.name, readValue(isKept ? stored : result.value, field.name)];
  });
  return { value: Object.fromEntries(entries), issues };
}
