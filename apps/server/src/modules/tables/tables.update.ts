import type { UpdateTableBody } from '@formbridge/contract/tables';
import {
  buildStoredSchema,
  mergeTableUpdate,
  type MergedTableUpdate,
} from '@formbridge/contract/tables-migration';
import {
  isDataPreservingPlan,
  planSchemaChange,
  type SchemaChangePlan,
} from '@formbridge/contract/tables-schema-change';
import { validateTableSchema } from '@formbridge/contract/tables-validation';
import type { Db } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import {
  listTableFiles,
  setFileFieldName,
  deleteRecordFileRows,
} from '../record-files/record-files.public.ts';
import { removeStoredFiles } from '../record-files/record-files.storage.ts';
import { inBody, linkTargetIds, readTable, type StoredTable } from './tables.model.ts';
import { migrateMappings, type DroppedMapping } from './tables.update-mappings.ts';
import { migrateRecords } from './tables.update-records.ts';
import {
  countTableRecords,
  findTable,
  listTables,
  lockTable,
  shareLockTables,
  updateTable,
} from './tables.repo.ts';
import type { TableWithCount } from './tables.service.ts';

export type TableUpdateResult = { table: TableWithCount; droppedMappings: DroppedMapping[] };

/**
 * Renames and removes attachments with their fields: a renamed file field keeps its files, and
 * files of a field that is gone or no longer a file field are deleted (their keys are returned so
 * storage is cleaned after the commit).
 */
async function migrateFiles(
  trx: Db,
  table: StoredTable,
  plan: SchemaChangePlan,
  next: ReturnType<typeof buildStoredSchema>,
): Promise<string[]> {
  const fileFields = new Set(next.fields.filter((f) => f.type === 'file').map((f) => f.name));
  const renamed = new Map(plan.renames.map((rename) => [rename.from, rename.to]));
  const removed = new Set(plan.removed);
  const doomed: Array<{ id: string; key: string }> = [];
  for (const file of await listTableFiles(trx, table.owner_id, table.id)) {
    const name = removed.has(file.field_name)
      ? null
      : (renamed.get(file.field_name) ?? file.field_name);
    if (name === null || !fileFields.has(name)) {
      doomed.push({ id: file.id, key: file.file_key });
    } else if (name !== file.field_name) {
      await setFileFieldName(trx, table.owner_id, file.id, name);
    }
  }
  await deleteRecordFileRows(
    trx,
    table.owner_id,
    doomed.map((file) => file.id),
  );
  return doomed.map((file) => file.key);
}

function toStoredColumns(next: ReturnType<typeof buildStoredSchema>, now: string) {
  return {
    name: next.name,
    fields: JSON.stringify(next.fields),
    combination_rules: JSON.stringify(next.combination_rules),
    use_display_field: next.use_display_field,
    display_field_key: next.display_field_key,
    updated_at: now,
  };
}

function validateUpdate(current: StoredTable, merged: MergedTableUpdate, tableIds: string[]) {
  const issues = validateTableSchema(merged, {
    linkableTableIds: tableIds,
    tableId: current.id,
    current,
  });
  if (issues.length > 0) {
    throw validationError(inBody(issues));
  }
}

/**
 * The whole schema edit in one transaction: the §5 rules, then record values moved to renamed
 * fields, converted for retyped fields (422 listing records whose values don't convert), dropped
 * for confirmed removals; attachments and mapping keys follow their fields. Nothing is written
 * unless everything succeeds.
 */
export async function updateTableSchema(
  ctx: AppContext,
  ownerId: string,
  id: string,
  body: UpdateTableBody,
): Promise<TableUpdateResult> {
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockTable(trx, ownerId, id);
    if (!row) {
      throw notFound('Table');
    }
    const current = readTable(row);
    const merged = mergeTableUpdate(current, body);
    await shareLockTables(trx, ownerId, linkTargetIds(merged.fields));
    const tables = (await listTables(trx, ownerId)).map(readTable);
    validateUpdate(
      current,
      merged,
      tables.map((table) => table.id),
    );
    const next = buildStoredSchema(merged);
    const plan = planSchemaChange(current, merged);
    const now = new Date().toISOString();
    let fileKeys: string[] = [];
    let droppedMappings: DroppedMapping[] = [];
    if (!isDataPreservingPlan(plan)) {
      await migrateRecords(trx, { current, merged, next, plan, now });
      fileKeys = await migrateFiles(trx, current, plan, next);
      droppedMappings = await migrateMappings(trx, { current, plan, tables, now });
    }
    await updateTable(trx, ownerId, id, toStoredColumns(next, now));
    const updated = await findTable(trx, ownerId, id);
    if (!updated) {
      throw new Error('Updated table not found');
    }
    const recordCount = await countTableRecords(trx, ownerId, id);
    return {
      table: { ...readTable(updated), record_count: recordCount },
      droppedMappings,
      fileKeys,
    };
  });
  await removeStoredFiles(ctx, outcome.fileKeys);
  return { table: outcome.table, droppedMappings: outcome.droppedMappings };
}
