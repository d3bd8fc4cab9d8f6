import type { Db } from '../../db/database.ts';
import type { TemplateFieldsReplaced } from '../templates/templates.public.ts';
import { deleteTemplateMappingsOutside, listTemplateMappingRows } from './mappings.crud.repo.ts';
import { readMapping, type MappingTarget, type StoredMapping } from './mappings.model.ts';
import {
  deleteMappingRows,
  selectMappingsOfTables,
  selectTemplateNamesUsingTable,
  updateMappingKeyRow,
} from './mappings.repo.ts';

// What other modules do with mappings, always for one owner. Each function runs on the `db` it
// is given: `ctx.db` for a read of its own, the caller's transaction to be part of its unit of
// work (docs/decisions.md, "Module surfaces").

/** A template's mappings in field order; only those reading from `tableId` when it is given. */
export async function listTemplateMappings(
  db: Db,
  ownerId: string,
  templateId: string,
  tableId?: string,
): Promise<StoredMapping[]> {
  const rows = await listTemplateMappingRows(db, ownerId, templateId);
  return rows
    .filter((row) => tableId === undefined || row.mapped_table_id === tableId)
    .map(readMapping);
}

/** The owner's mappings that read from any of `tableIds` (a table schema change rewrites them). */
export function listMappingsOfTables(
  db: Db,
  ownerId: string,
  tableIds: readonly string[],
): Promise<MappingTarget[]> {
  return selectMappingsOfTables(db, ownerId, tableIds);
}

/** Names of the owner's templates with at least one mapping reading from the table, sorted. */
export function listTemplateNamesUsingTable(
  db: Db,
  ownerId: string,
  tableId: string,
): Promise<string[]> {
  return selectTemplateNamesUsingTable(db, ownerId, tableId);
}

/** Points a mapping at a renamed field or rule (the key's stored form, contract mapping-keys). */
export function moveMappingKey(
  trx: Db,
  ownerId: string,
  id: string,
  mappedFieldKey: string,
  now: string,
): Promise<void> {
  return updateMappingKeyRow(trx, ownerId, id, mappedFieldKey, now);
}

/** Deletes the owner's mappings whose target is gone. */
export function dropMappings(trx: Db, ownerId: string, ids: readonly string[]): Promise<void> {
  return deleteMappingRows(trx, ownerId, ids);
}

/**
 * A template's fields were replaced: its mappings of fields that are gone go too, in the same
 * transaction (app.ts hands this to the templates module).
 */
export const dropMappingsOfGoneFields: TemplateFieldsReplaced = (
  trx,
  ownerId,
  templateId,
  fieldNames,
) => deleteTemplateMappingsOutside(trx, ownerId, templateId, fieldNames);
