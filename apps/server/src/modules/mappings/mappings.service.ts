import crypto from 'node:crypto';
import type { CreateMappingData, FieldMapping, Suggestion } from '@formbridge/contract/mappings';
import { parseStoredTransform, type Transform } from '@formbridge/contract/transforms';
import { MAPPING_MESSAGES } from '@formbridge/contract/mappings';
import { resolveMappingTarget } from '@formbridge/contract/mapping-targets';
import { UNIVERSAL_FIELDS } from '@formbridge/contract/universal-fields';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { proposeTransforms } from '../../suggest/suggest-transforms.ts';
import { shareLockTables } from '../tables/tables.public.ts';
import { requireTemplate, shareLockTemplate } from '../templates/templates.public.ts';
import { insertMapping } from './mappings.repo.ts';
import {
  deleteMapping,
  findMapping,
  listTemplateMappingRows,
  updateMapping,
  type MappingRow,
} from './mappings.crud.repo.ts';
import { rememberFieldChoice } from './mappings.memory.ts';
import { listMappingMemories } from './mappings.memory.repo.ts';
import { presentMapping } from './mappings.presenter.ts';
import { loadMappedTable, loadTableCatalog, type TableCatalog } from './mappings.targets.ts';
import { checkTransformTargets, serializeTransform } from './mappings.transforms.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { describeMapping, loadTableNames, mappingTarget } from './mappings.audit.ts';
import { deleteToTrash, moveToTrash, trashRetentionDays } from '../../lib/trash/move-to-trash.ts';
import { snapshotMapping } from '../../lib/trash/trash-snapshot.ts';

/** The stored form of a key, or 422 naming what is wrong with it. */
function resolveKey(rawKey: string, catalog: TableCatalog): string {
  const resolved = resolveMappingTarget(rawKey, catalog.table, catalog.byId, UNIVERSAL_FIELDS);
  if (!resolved.ok) {
    throw validationError([{ loc: ['body', 'mapped_field_key'], msg: resolved.message }]);
  }
  return resolved.key;
}

async function getMappingRow(ctx: AppContext, ownerId: string, id: string): Promise<MappingRow> {
  const row = await findMapping(ctx.db, ownerId, id);
  if (!row) {
    throw notFound('Mapping');
  }
  return row;
}

export async function listMappingsForTemplate(
  ctx: AppContext,
  ownerId: string,
  templateId: string,
): Promise<FieldMapping[]> {
  await requireTemplate(ctx.db, ownerId, templateId);
  const [rows, catalog] = await Promise.all([
    listTemplateMappingRows(ctx.db, ownerId, templateId),
    loadTableCatalog(ctx.db, ownerId),
  ]);
  return rows.map((row) => presentMapping(row, catalog));
}

export async function getMapping(
  ctx: AppContext,
  ownerId: string,
  id: string,
): Promise<FieldMapping> {
  const row = await getMappingRow(ctx, ownerId, id);
  return presentMapping(row, await loadTableCatalog(ctx.db, ownerId));
}

/**
 * One mapping per (template, PDF field): the field must exist, the key must resolve. Template and
 * table are locked for share while the row goes in, so neither is deleted under it (the template's
 * delete would wait and cascade; the table's would wait and answer 409).
 */
export async function createMapping(
  ctx: AppContext,
  scope: AuditScope,
  body: CreateMappingData,
): Promise<FieldMapping> {
  const ownerId = scope.workspaceId;
  return ctx.db.transaction().execute(async (trx) => {
    const template = await shareLockTemplate(trx, ownerId, body.template_id);
    if (!template) {
      throw notFound('Template');
    }
    const fields = template.field_data;
    if (!Object.hasOwn(fields, body.field_name)) {
      throw validationError([
        { loc: ['body', 'field_name'], msg: MAPPING_MESSAGES.unknownPdfField(body.field_name) },
      ]);
    }
    await shareLockTables(trx, ownerId, [body.mapped_table_id]);
    const catalog = await loadMappedTable(trx, ownerId, body.mapped_table_id);
    const transform = body.transform ?? null;
    checkTransformTargets(transform, catalog);
    const now = new Date().toISOString();
    const row = {
      id: crypto.randomUUID(),
      owner_id: ownerId,
      template_id: template.id,
      field_name: body.field_name,
      mapped_table_id: catalog.table.id,
      mapped_field_key: resolveKey(body.mapped_field_key, catalog),
      suggested: body.suggested ?? false,
      transform: serializeTransform(transform),
      created_at: now,
      updated_at: now,
    };
    try {
      await insertMapping(trx, row);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(409, MAPPING_MESSAGES.duplicate(body.field_name));
      }
      throw error;
    }
    await rememberFieldChoice(
      trx,
      ownerId,
      template,
      row.field_name,
      row.mapped_field_key,
      'confirmed',
    );
    await auditWrite(trx, scope, {
      action: 'mapping.created',
      target: mappingTarget(row.id, template.name, row.field_name),
      after: describeMapping(row, catalog.table.name),
    });
    return presentMapping(row, catalog.byId);
  });
}

export async function changeMapping(
  ctx: AppContext,
  scope: AuditScope,
  id: string,
  body: {
    mapped_field_key: string;
    mapped_table_id?: string | undefined;
    suggested?: boolean | undefined;
    transform?: Transform | null | undefined;
  },
): Promise<FieldMapping> {
  const ownerId = scope.workspaceId;
  return ctx.db.transaction().execute(async (trx) => {
    const current = await findMapping(trx, ownerId, id);
    if (!current) {
      throw notFound('Mapping');
    }
    const tableId = body.mapped_table_id ?? current.mapped_table_id;
    // Locked for share like createMapping: the new table cannot be deleted under the change.
    await shareLockTables(trx, ownerId, [tableId]);
    const catalog = await loadMappedTable(trx, ownerId, tableId);
    // A kept transform is checked again: its template may name fields the new table lacks.
    const transform =
      body.transform === undefined ? parseStoredTransform(current.transform) : body.transform;
    checkTransformTargets(transform, catalog);
    const changes = {
      mapped_table_id: catalog.table.id,
      mapped_field_key: resolveKey(body.mapped_field_key, catalog),
      transform: serializeTransform(transform),
      updated_at: new Date().toISOString(),
      ...(body.suggested === undefined ? {} : { suggested: body.suggested }),
    };
    await updateMapping(trx, ownerId, id, changes);
    const template = await shareLockTemplate(trx, ownerId, current.template_id);
    const tableNames = await loadTableNames(trx, ownerId, [current.mapped_table_id]);
    await auditWrite(trx, scope, {
      action: 'mapping.updated',
      target: mappingTarget(id, template?.name ?? current.template_id, current.field_name),
      before: describeMapping(current, tableNames.get(current.mapped_table_id)),
      after: describeMapping({ ...current, ...changes }, catalog.table.name),
    });
    if (template) {
      await rememberFieldChoice(
        trx,
        ownerId,
        template,
        current.field_name,
        changes.mapped_field_key,
        'confirmed',
      );
    }
    return presentMapping({ ...current, ...changes }, catalog.byId);
  });
}

export async function removeMapping(ctx: AppContext, scope: AuditScope, id: string): Promise<void> {
  const ownerId = scope.workspaceId;
  const run = (keep: boolean) =>
    ctx.db.transaction().execute(async (trx) => {
      const current = await findMapping(trx, ownerId, id);
      if (!current) {
        throw notFound('Mapping');
      }
      const template = await shareLockTemplate(trx, ownerId, current.template_id);
      const tableNames = await loadTableNames(trx, ownerId, [current.mapped_table_id]);
      const target = mappingTarget(id, template?.name ?? current.template_id, current.field_name);
      const snapshot = await snapshotMapping(trx, id);
      await deleteMapping(trx, ownerId, id);
      await auditWrite(trx, scope, {
        action: 'mapping.deleted',
        target,
        before: describeMapping(current, tableNames.get(current.mapped_table_id)),
      });
      const retentionDays = trashRetentionDays(ctx.config);
      const item = { kind: 'mapping' as const, id, name: target.name, retentionDays, keep };
      return moveToTrash(trx, scope, item, snapshot);
    });
  await deleteToTrash(run);
}

/** Suggestions for the template's unmapped fields from the table, its rules and linked tables. */
export async function suggestMappings(
  ctx: AppContext,
  ownerId: string,
  templateId: string,
  tableId: string,
): Promise<Suggestion[]> {
  const template = await requireTemplate(ctx.db, ownerId, templateId);
  const [catalog, existing, memories] = await Promise.all([
    loadMappedTable(ctx.db, ownerId, tableId),
    listTemplateMappingRows(ctx.db, ownerId, templateId),
    listMappingMemories(ctx.db, ownerId),
  ]);
  const linkedTables = catalog.table.fields.flatMap((field) => {
    const linked =
      field.type === 'link' && field.linked_table_id
        ? catalog.byId.get(field.linked_table_id)
        : undefined;
    return linked ? [{ linkField: field.name, table: linked }] : [];
  });
  const fields = template.field_data;
  const mappedFieldNames = new Set(existing.map((row) => row.field_name));
  const suggestions = await ctx.suggestPool.suggest({
    fields,
    mappedFieldNames,
    table: catalog.table,
    linkedTables,
    universalFields: UNIVERSAL_FIELDS,
    memories,
  });
  return proposeTransforms(suggestions, fields, mappedFieldNames, (key) => {
    const resolved = resolveMappingTarget(key, catalog.table, catalog.byId, UNIVERSAL_FIELDS);
    return resolved.ok ? resolved.type : null;
  });
}
