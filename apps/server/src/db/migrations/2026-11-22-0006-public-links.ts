import type { Kysely } from 'kysely';

// Public links: document-form links (one template, one record) and data-collection links (one
// record), plus which record files were uploaded through which data link (a visitor may remove
// only those). Links reach exactly one record and go with it: deleting the record, its table or
// the template deletes the link, so a token never outlives what it points at.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('public_form_links')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('token', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('template_id', 'varchar(36)', (col) =>
      col.notNull().references('pdf_templates.id').onDelete('cascade'),
    )
    .addColumn('table_id', 'varchar(36)', (col) =>
      col.notNull().references('dynamic_tables.id').onDelete('cascade'),
    )
    .addColumn('record_id', 'varchar(36)', (col) =>
      col.notNull().references('table_records.id').onDelete('cascade'),
    )
    .addColumn('is_active', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('public_form_links_owner_template_record')
    .on('public_form_links')
    .columns(['owner_id', 'template_id', 'record_id'])
    .execute();
  await db.schema
    .createIndex('public_form_links_record')
    .on('public_form_links')
    .column('record_id')
    .execute();

  await db.schema
    .createTable('public_data_links')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('token', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('table_id', 'varchar(36)', (col) =>
      col.notNull().references('dynamic_tables.id').onDelete('cascade'),
    )
    .addColumn('record_id', 'varchar(36)', (col) =>
      col.notNull().references('table_records.id').onDelete('cascade'),
    )
    .addColumn('is_active', 'boolean', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('custom_message', 'text')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('public_data_links_owner_created')
    .on('public_data_links')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('public_data_links_record')
    .on('public_data_links')
    .column('record_id')
    .execute();

  await db.schema
    .createTable('public_link_uploads')
    .addColumn('file_id', 'varchar(36)', (col) =>
      col.primaryKey().references('record_files.id').onDelete('cascade'),
    )
    .addColumn('link_id', 'varchar(36)', (col) =>
      col.notNull().references('public_data_links.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('public_link_uploads_link')
    .on('public_link_uploads')
    .column('link_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('public_link_uploads').execute();
  await db.schema.dropTable('public_data_links').execute();
  await db.schema.dropTable('public_form_links').execute();
}
