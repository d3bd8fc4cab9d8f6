import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PublicFormLinksTable } from '../../db/schema.ts';

export type FormLinkRow = Selectable<PublicFormLinksTable>;
export type NewFormLinkRow = Insertable<PublicFormLinksTable>;

/** A link with what naming it needs: the template's name, the table and the record's data. */
export type FormLinkListRow = FormLinkRow & {
  template_name: string;
  table_fields: string;
  table_rules: string;
  use_display_field: boolean | number;
  display_field_key: string | null;
  record_data: string;
};

export async function insertFormLink(db: Db, row: NewFormLinkRow): Promise<void> {
  await db.insertInto('public_form_links').values(row).execute();
}

/** The owner's active link for this template and record, if one exists (it is reused). */
export function findActiveFormLink(
  db: Db,
  ownerId: string,
  templateId: string,
  recordId: string,
): Promise<FormLinkRow | undefined> {
  return db
    .selectFrom('public_form_links')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('template_id', '=', templateId)
    .where('record_id', '=', recordId)
    .where('is_active', '=', true)
    .orderBy('created_at')
    .executeTakeFirst();
}

/** By token alone: the public document form's only way in. */
export function findFormLinkByToken(db: Db, token: string): Promise<FormLinkRow | undefined> {
  return db
    .selectFrom('public_form_links')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst();
}

/** The owner's link by id or by token (the owner may hold either), or undefined. */
export function findOwnedFormLink(
  db: Db,
  ownerId: string,
  idOrToken: string,
): Promise<FormLinkRow | undefined> {
  return db
    .selectFrom('public_form_links')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where((eb) => eb.or([eb('id', '=', idOrToken), eb('token', '=', idOrToken)]))
    .executeTakeFirst();
}

export type FormLinkFilters = { templateId?: string; recordId?: string; includeRevoked: boolean };

/** The owner's links with template and record, newest first. */
export function listFormLinkRows(
  db: Db,
  ownerId: string,
  filters: FormLinkFilters,
): Promise<FormLinkListRow[]> {
  let query = db
    .selectFrom('public_form_links as link')
    .innerJoin('pdf_templates as tpl', 'tpl.id', 'link.template_id')
    .innerJoin('dynamic_tables as tbl', 'tbl.id', 'link.table_id')
    .innerJoin('table_records as rec', 'rec.id', 'link.record_id')
    .selectAll('link')
    .select([
      'tpl.name as template_name',
      'tbl.fields as table_fields',
      'tbl.combination_rules as table_rules',
      'tbl.use_display_field as use_display_field',
      'tbl.display_field_key as display_field_key',
      'rec.data as record_data',
    ])
    .where('link.owner_id', '=', ownerId)
    .where('tpl.owner_id', '=', ownerId);
  if (filters.templateId !== undefined) {
    query = query.where('link.template_id', '=', filters.templateId);
  }
  if (filters.recordId !== undefined) {
    query = query.where('link.record_id', '=', filters.recordId);
  }
  if (!filters.includeRevoked) {
    query = query.where('link.is_active', '=', true);
  }
  return query.orderBy('link.created_at', 'desc').orderBy('link.id').execute();
}

export async function revokeFormLinkRow(
  db: Db,
  ownerId: string,
  id: string,
  revokedAt: string,
): Promise<void> {
  await db
    .updateTable('public_form_links')
    .set({ is_active: false, revoked_at: revokedAt })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('is_active', '=', true)
    .execute();
}

/** Sets the origins allowed to frame the link's form (JSON array; null: none). */
export async function setFormLinkEmbedOrigins(
  db: Db,
  ownerId: string,
  id: string,
  origins: string | null,
): Promise<void> {
  await db
    .updateTable('public_form_links')
    .set({ embed_origins: origins })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
}
