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
import { inBody } from '@formbridge/contract/errors';
import { linkTargetIds } from '@formbridge/contract/table-links';
import { notFound, validationError } from '../../lib/errors.ts';
import {
  listTableFiles,
  moveFileToField,
  detachRecordFiles,
  removeStoredFiles,
} from '../record-files/record-files.public.ts';
import {
  findTable,
  listTables,
  lockTable,
  shareLockTables,
  writeTableSchema,
  type StoredTable,
} from '../tables/tables.public.ts';
import { migrateMappings, type DroppedMapping } from './table-schema.mappings.ts';
import { migrateRecords } from './table-schema.records.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { auditTableWrite } from '../../lib/audit/schema-changes.ts';

export type TableUpdateResult = { table: StoredTable; droppedMappings: DroppedMapping[] };

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
      await moveFileToField(trx, table.owner_id, file.id, name);
    }
  }
  await detachRecordFiles(
    trx,
    table.owner_id,
    doomed.map((file) => file.id),
  );
  return doomed.map((file) => file.key);
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
  scope: AuditScope,
  id: string,
  body: UpdateTableBody,
): Promise<TableUpdateResult> {
  const ownerId = scope.workspaceId;
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const current = await lockTable(trx, ownerId, id);
    if (!current) {
      throw notFound('Table');
    }
    const merged = mergeTableUpdate(current, body);
    await shareLockTables(trx, ownerId, linkTargetIds(merged.fields));
    const tables = await listTables(trx, ownerId);
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
    await writeTableSchema(trx, ownerId, id, next, now);
    const updated = await findTable(trx, ownerId, id);
    if (!updated) {
      throw new Error('Updated table not found');
    }
    await auditTableWrite(trx, scope, {
      action: 'table.schema_changed',
      tableId: id,
      before: current,
      after: updated,
    });
    return {
      table: updated,
      droppedMappings,
      fileKeys,
    };
  });
  await removeStoredFiles(ctx, outcome.fileKeys);
  return { table: outcome.table, droppedMappings: outcome.droppedMappings };
}
