import type { FieldDataDto } from '@formbridge/contract/templates';
import type { Db } from '../../db/database.ts';
import type { TemplateRevisionsTable } from '../../db/schema.ts';

export type TemplateRevisionRow = TemplateRevisionsTable;

/** The owner's template's revisions, newest first. */
export function listRevisionRows(db: Db, ownerId: string, templateId: string) {
  return db
    .selectFrom('template_revisions')
    .select(['revision', 'created_by_name', 'created_at', 'field_count', 'page_count', 'file_size'])
    .where('owner_id', '=', ownerId)
    .where('template_id', '=', templateId)
    .orderBy('revision', 'desc')
    .execute();
}

/** One revision of the owner's template, or undefined. */
export function findRevisionRow(
  db: Db,
  ownerId: string,
  templateId: string,
  revision: number,
): Promise<TemplateRevisionRow | undefined> {
  return db
    .selectFrom('template_revisions')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('template_id', '=', templateId)
    .where('revision', '=', revision)
    .executeTakeFirst();
}

/** The highest revision number of the template (0 when none). */
export async function lastRevisionNumber(db: Db, templateId: string): Promise<number> {
  const row = await db
    .selectFrom('template_revisions')
    .select((eb) => eb.fn.max('revision').as('last'))
    .where('template_id', '=', templateId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

export async function insertRevision(db: Db, row: TemplateRevisionRow): Promise<void> {
  await db.insertInto('template_revisions').values(row).execute();
}

export async function updateRevision(
  db: Db,
  ownerId: string,
  templateId: string,
  revision: number,
  changes: Partial<Omit<TemplateRevisionRow, 'id' | 'owner_id' | 'template_id' | 'revision'>>,
): Promise<void> {
  await db
    .updateTable('template_revisions')
    .set(changes)
    .where('owner_id', '=', ownerId)
    .where('template_id', '=', templateId)
    .where('revision', '=', revision)
    .execute();
}

/**
 * One revision as generation reads it (an explicit `template_revision`): its PDF, its fields and
 * the mapping set it had (null while it is the current one: the template's mappings apply).
 */
export async function findTemplateRevision(
  db: Db,
  ownerId: string,
  templateId: string,
  revision: number,
) {
  const row = await findRevisionRow(db, ownerId, templateId, revision);
  return (
    row && {
      revision: row.revision,
      file_key: row.file_key,
      field_data: JSON.parse(row.field_data) as FieldDataDto,
      mappings: row.mappings,
    }
  );
}
