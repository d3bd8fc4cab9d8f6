import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hasRowLocks } from '../../db/dialect.ts';
import type { PdfTemplatesTable } from '../../db/schema.ts';

export type TemplateRow = Selectable<PdfTemplatesTable>;

/** The owner's template, or undefined for a missing id and for someone else's. */
export function findTemplate(
  db: Db,
  ownerId: string,
  id: string,
): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('pdf_templates')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** By id alone: only for requests already authorised by a signed URL bound to this id. */
export function findTemplateById(db: Db, id: string): Promise<TemplateRow | undefined> {
  return db.selectFrom('pdf_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The owner's template, locked for share until the transaction ends (a mapping or link about to
 * point at it): a concurrent delete waits and cascades to it, or has won and this is undefined.
 */
export function shareLockTemplate(
  trx: Db,
  ownerId: string,
  id: string,
): Promise<TemplateRow | undefined> {
  return trx
    .selectFrom('pdf_templates')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .$if(hasRowLocks(trx), (qb) => qb.forShare())
    .executeTakeFirst();
}

/**
 * The owner's template locked for update until the transaction ends (a new revision or a switch
 * of the current one): two such writes to one template run one after the other.
 */
export function lockTemplateForUpdate(
  trx: Db,
  ownerId: string,
  id: string,
): Promise<TemplateRow | undefined> {
  return trx
    .selectFrom('pdf_templates')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .$if(hasRowLocks(trx), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** The owner's templates, newest first, without the (large) field data. */
export function listTemplates(db: Db, ownerId: string) {
  return db
    .selectFrom('pdf_templates')
    .select([
      'id',
      'name',
      'file_key',
      'file_size',
      'field_count',
      'page_count',
      'pages',
      'fill_settings',
      'created_at',
      'updated_at',
    ])
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export type TemplateListRow = Awaited<ReturnType<typeof listTemplates>>[number];

export async function insertTemplate(db: Db, row: TemplateRow): Promise<void> {
  await db.insertInto('pdf_templates').values(row).execute();
}

export async function updateTemplate(
  db: Db,
  ownerId: string,
  id: string,
  changes: Partial<Omit<TemplateRow, 'id' | 'owner_id' | 'created_at'>>,
): Promise<void> {
  await db
    .updateTable('pdf_templates')
    .set(changes)
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}

export async function deleteTemplateRow(db: Db, ownerId: string, id: string): Promise<void> {
  await db
    .deleteFrom('pdf_templates')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}
