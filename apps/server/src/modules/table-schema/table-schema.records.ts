import type { ValidationIssue } from '@formbridge/contract/errors';
import { getRecordDisplayName, shortenId } from '@formbridge/contract/display-name';
import {
  migrateRecordData,
  type buildStoredSchema,
  type MergedTableUpdate,
} from '@formbridge/contract/tables-migration';
import type { SchemaChangePlan } from '@formbridge/contract/tables-schema-change';
import { TABLE_MESSAGES } from '@formbridge/contract/tables-validation';
import type { Db } from '../../db/database.ts';
import { validationError } from '../../lib/errors.ts';
import {
  findExistingRecordIds,
  listRecords,
  writeRecordsData,
  type StoredRecord,
} from '../records/records.public.ts';
import type { StoredTable } from '../tables/tables.public.ts';

/** How many offending records a refused type change lists per field; the count covers the rest. */
const LISTED_RECORDS = 20;

type Failure = { record: StoredRecord; data: Record<string, unknown> };

export type RecordMigrationInput = {
  current: StoredTable;
  merged: MergedTableUpdate;
  next: ReturnType<typeof buildStoredSchema>;
  plan: SchemaChangePlan;
  now: string;
};

function describeValue(value: unknown): string {
  if (Array.isArray(value)) {
    return `${value.length} ${value.length === 1 ? 'file' : 'files'}`;
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function buildFailureIssues(
  input: RecordMigrationInput,
  failures: Map<string, Failure[]>,
): ValidationIssue[] {
  const sourceOf = new Map(input.plan.renames.map((rename) => [rename.to, rename.from]));
  const issues: ValidationIssue[] = [];
  for (const [name, list] of failures) {
    const index = input.merged.fields.findIndex((field) => field.name === name);
    const change = input.plan.typeChanges.find((candidate) => candidate.name === name);
    const loc = ['body', 'fields', index, 'type'];
    const type = change?.to ?? 'string';
    issues.push({
      loc,
      msg: TABLE_MESSAGES.typeChangeFailed(name, type, list.length),
      type: 'value_error',
    });
    for (const { record, data } of list.slice(0, LISTED_RECORDS)) {
      const label = getRecordDisplayName(input.current, { id: record.id, data });
      const value = describeValue(data[sourceOf.get(name) ?? name]);
      issues.push({
        loc,
        msg: `Record '${label}' (${shortenId(record.id)}) has the value '${value}'.`,
        type: 'conversion_failed',
      });
    }
    if (list.length > LISTED_RECORDS) {
      const more = list.length - LISTED_RECORDS;
      issues.push({
        loc,
        msg: `...and ${more} more ${more === 1 ? 'record' : 'records'}.`,
        type: 'conversion_failed',
      });
    }
  }
  return issues;
}

/**
 * A field that becomes a link keeps only values that are ids of records in the linked table;
 * convertValueForType accepts any text, so the server checks existence here.
 */
async function findBrokenLinks(
  trx: Db,
  input: RecordMigrationInput,
  migrated: Array<{ row: StoredRecord; data: Record<string, unknown> }>,
): Promise<Array<{ row: StoredRecord; field: string }>> {
  const broken: Array<{ row: StoredRecord; field: string }> = [];
  for (const change of input.plan.typeChanges.filter((c) => c.to === 'link')) {
    const target = input.next.fields.find((field) => field.name === change.name)?.linked_table_id;
    const values = migrated.map(({ data }) => data[change.name]);
    const ids = values.filter((value): value is string => typeof value === 'string');
    const existing = target
      ? await findExistingRecordIds(trx, input.current.owner_id, target, ids, 'share')
      : new Set<string>();
    for (const { row, data } of migrated) {
      const value = data[change.name];
      if (typeof value === 'string' && !existing.has(value)) {
        broken.push({ row, field: change.name });
      }
    }
  }
  return broken;
}

/**
 * Moves every record of the table to the new schema (migrateRecordData) and writes the ones that
 * changed. Refuses the whole change with 422 when a retyped field has values that don't convert,
 * listing the records.
 */
export async function migrateRecords(trx: Db, input: RecordMigrationInput): Promise<void> {
  const { current, plan } = input;
  const rows = await listRecords(trx, current.owner_id, current.id);
  const failures = new Map<string, Failure[]>();
  const addFailure = (name: string, failure: Failure) => {
    failures.set(name, [...(failures.get(name) ?? []), failure]);
  };
  const migrated: Array<{ row: StoredRecord; data: Record<string, unknown> }> = [];
  for (const row of rows) {
    const data = row.data;
    const result = migrateRecordData(data, plan, input.next.fields);
    result.failedFields.forEach((name) => addFailure(name, { record: row, data }));
    migrated.push({ row, data: result.data });
  }
  for (const { row, field } of await findBrokenLinks(trx, input, migrated)) {
    addFailure(field, { record: row, data: row.data });
  }
  if (failures.size > 0) {
    throw validationError(buildFailureIssues(input, failures));
  }
  // The app wrote every record with JSON.stringify, so equal text is an unchanged record.
  const changed = migrated.filter(
    ({ row, data }) => JSON.stringify(data) !== JSON.stringify(row.data),
  );
  await writeRecordsData(
    trx,
    current.owner_id,
    current.id,
    changed.map(({ row, data }) => ({ id: row.id, data })),
    input.now,
  );
}
