import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FieldMappingsTable } from '../../db/schema.ts';

// Reads and writes of single mappings for the mappings API; the queries other modules' work needs
// (through mappings.access.ts) live in mappings.repo.ts.

export type MappingRow = Selectable<FieldMappingsTable>;

export function findMapping(db: Db, ownerId: string, id: string): Promise<MappingRow | undefined> {
  return db
    .selectFrom('field_mappings')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A template's mappings in field order. */
export function listTemplateMappingRows(
  db: Db,
  ownerId: string,
  templateId: string,
): Promise<MappingRow[]> {
  return db
    .selectFrom('field_mappings')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('template_id', '=', templateId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function updateMapping(
  db: Db,
  ownerId: string,
  id: string,
  changes: Pick<MappingRow, 'mapped_field_key' | 'mapped_table_id' | 'transform' | 'updated_at'> & {
    suggested?: boolean;
  },
): Promise<void> {
  await db
    .updateTable('field_mappings')
    .set(changes)
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}

export async function deleteMapping(db: Db, ownerId: string, id: string): Promise<void> {
  await db
    .deleteFrom('field_mappings')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}

/** Removes a template's mappings whose PDF field is not among `keep` (after a file replacement). */
export async function deleteTemplateMappingsOutside(
  db: Db,
  ownerId: string,
  templateId: string,
  keep: readonly string[],
): Promise<Array<{ id: string; field_name: string }>> {
  const rows = await db
    .selectFrom('field_mappings')
    .select(['id', 'field_name'])
    .where('owner_id', '=', ownerId)
    .where('template_id', '=', templateId)
    .execute();
  const kept = new Set(keep);
  const dropped = rows.filter((row) => !kept.has(row.field_name));
  if (dropped.length > 0) {
    await db
      .deleteFrom('field_mappings')
      .where('owner_id', '=', ownerId)
      .where(
        'id',
        'in',
        dropped.map((row) => row.id),
      )
      .execute();
  }
  return dropped;
}
