import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PublicDataLinksTable } from '../../db/schema.ts';

export type DataLinkRow = Selectable<PublicDataLinksTable>;
export type NewDataLinkRow = Insertable<PublicDataLinksTable>;

/** A link with what naming it needs: its table's name, schema and display field, its record's data. */
export type DataLinkListRow = DataLinkRow & {
  table_name: string;
  table_fields: string;
  table_combination_rules: string;
  table_use_display_field: unknown;
  table_display_field_key: string | null;
  record_data: string;
};

export async function insertDataLink(db: Db, row: NewDataLinkRow): Promise<void> {
  await db.insertInto('public_data_links').values(row).execute();
}

/** The owner's link, or undefined (also for someone else's). */
export function findDataLink(
  db: Db,
  ownerId: string,
  id: string,
): Promise<DataLinkRow | undefined> {
  return db
    .selectFrom('public_data_links')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** By token alone: the public data form's only way in. */
export function findDataLinkByToken(db: Db, token: string): Promise<DataLinkRow | undefined> {
  return db
    .selectFrom('public_data_links')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst();
}

/** The owner's links with table and record, newest first; one link when `id` is given. */
export function listDataLinkRows(db: Db, ownerId: string, id?: string): Promise<DataLinkListRow[]> {
  let query = db
    .selectFrom('public_data_links as link')
    .innerJoin('dynamic_tables as tbl', 'tbl.id', 'link.table_id')
    .innerJoin('table_records as rec', 'rec.id', 'link.record_id')
    .selectAll('link')
    .select([
      'tbl.name as table_name',
      'tbl.fields as table_fields',
      'tbl.combination_rules as table_combination_rules',
      'tbl.use_display_field as table_use_display_field',
      'tbl.display_field_key as table_display_field_key',
      'rec.data as record_data',
    ])
    .where('link.owner_id', '=', ownerId)
    .where('tbl.owner_id', '=', ownerId)
    .where('rec.owner_id', '=', ownerId);
  if (id !== undefined) {
    query = query.where('link.id', '=', id);
  }
  return query.orderBy('link.created_at', 'desc').orderBy('link.id').execute();
}

export async function updateDataLink(
  db: Db,
  ownerId: string,
  id: string,
  changes: Partial<Pick<DataLinkRow, 'expires_at' | 'custom_message'>> & {
    is_active?: boolean;
    updated_at: string;
  },
): Promise<void> {
  await db
    .updateTable('public_data_links')
    .set(changes)
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}

/** Deletes the link; the record of which files came through it goes too (cascade). */
export async function deleteDataLinkRow(db: Db, ownerId: string, id: string): Promise<number> {
  const result = await db
    .deleteFrom('public_data_links')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sets the origins allowed to frame the link's form (JSON array; null: none). */
export async function setDataLinkEmbedOrigins(
  db: Db,
  ownerId: string,
  id: string,
  origins: string | null,
): Promise<void> {
  await db
    .updateTable('public_data_links')
    .set({ embed_origins: origins })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}
