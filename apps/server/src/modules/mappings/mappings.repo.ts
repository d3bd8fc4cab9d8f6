import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FieldMappingsTable } from '../../db/schema.ts';

export type NewMappingRow = Insertable<FieldMappingsTable>;

export async function insertMapping(db: Db, row: NewMappingRow): Promise<void> {
  await db.insertInto('field_mappings').values(row).execute();
}

/** The owner's mappings that read from any of `tableIds`. */
export async function selectMappingsOfTables(db: Db, ownerId: string, tableIds: readonly string[]) {
  if (tableIds.length === 0) {
    return [];
  }
  return db
    .selectFrom('field_mappings')
    .select(['id', 'template_id', 'field_name', 'mapped_table_id', 'mapped_field_key'])
    .where('owner_id', '=', ownerId)
    .where('mapped_table_id', 'in', tableIds)
    .execute();
}

export type MappingKeyRow = Awaited<ReturnType<typeof selectMappingsOfTables>>[number];

/** Names of the owner's templates with at least one mapping reading from the table, sorted. */
export async function selectTemplateNamesUsingTable(
  db: Db,
  ownerId: string,
  tableId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('field_mappings')
    .innerJoin('pdf_templates', 'pdf_templates.id', 'field_mappings.template_id')
    .select('pdf_templates.name')
    .distinct()
    .where('field_mappings.owner_id', '=', ownerId)
    .where('pdf_templates.owner_id', '=', ownerId)
    .where('field_mappings.mapped_table_id', '=', tableId)
    .orderBy('pdf_templates.name')
    .execute();
  return rows.map((row) => row.name);
}

export async function updateMappingKeyRow(
  db: Db,
  ownerId: string,
  id: string,
  mappedFieldKey: string,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('field_mappings')
    .set({ mapped_field_key: mappedFieldKey, updated_at: updatedAt })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}

export async function deleteMappingRows(
  db: Db,
  ownerId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  await db
    .deleteFrom('field_mappings')
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
}
