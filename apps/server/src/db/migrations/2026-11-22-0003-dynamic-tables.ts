import type { Kysely } from 'kysely';

// Dynamic tables, their records and the files attached to records. Fields, rules and record data
// are JSON text: their shape belongs to the user, and both dialects read text the same way.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dynamic_tables')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('fields', 'text', (col) => col.notNull())
    .addColumn('combination_rules', 'text', (col) => col.notNull())
    .addColumn('use_display_field', 'boolean', (col) => col.notNull())
    .addColumn('display_field_key', 'varchar(100)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('dynamic_tables_owner_created')
    .on('dynamic_tables')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('table_records')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('table_id', 'varchar(36)', (col) =>
      col.notNull().references('dynamic_tables.id').onDelete('cascade'),
    )
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('table_records_table_created')
    .on('table_records')
    .columns(['table_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('record_files')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('table_id', 'varchar(36)', (col) =>
      col.notNull().references('dynamic_tables.id').onDelete('cascade'),
    )
    .addColumn('record_id', 'varchar(36)', (col) =>
      col.notNull().references('table_records.id').onDelete('cascade'),
    )
    .addColumn('field_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('filename', 'varchar(255)', (col) => col.notNull())
    .addColumn('content_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('file_size', 'integer', (col) => col.notNull())
    .addColumn('file_key', 'varchar(200)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('record_files_record')
    .on('record_files')
    .columns(['record_id', 'created_at'])
    .execute();
  await db.schema.createIndex('record_files_table').on('record_files').column('table_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('record_files').execute();
  await db.schema.dropTable('table_records').execute();
  await db.schema.dropTable('dynamic_tables').execute();
}
