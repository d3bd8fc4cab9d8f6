import type { Kysely } from 'kysely';

// Which table field fills which PDF field. A table that mappings use cannot be deleted: the
// foreign key has no cascade, and the tables service answers 409 before the database would refuse.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('field_mappings')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('template_id', 'varchar(36)', (col) =>
      col.notNull().references('pdf_templates.id').onDelete('cascade'),
    )
    .addColumn('field_name', 'text', (col) => col.notNull())
    .addColumn('mapped_table_id', 'varchar(36)', (col) =>
      col.notNull().references('dynamic_tables.id'),
    )
    .addColumn('mapped_field_key', 'varchar(300)', (col) => col.notNull())
    .addColumn('suggested', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addUniqueConstraint('field_mappings_template_field', ['template_id', 'field_name'])
    .execute();
  await db.schema
    .createIndex('field_mappings_table')
    .on('field_mappings')
    .column('mapped_table_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('field_mappings').execute();
}
