import type { Kysely } from 'kysely';

// Completed forms and background jobs. A completed form keeps template, table and record ids
// without foreign keys, plus snapshots of their names: deleting a template, table or record must
// leave every form generated from it downloadable. Jobs are the durable half of the job queue:
// progress is written here so any process can answer GET /jobs/{id}.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(50)', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('done', 'integer', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('failed', 'integer', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('jobs_status').on('jobs').columns(['status', 'created_at']).execute();
  await db.schema
    .createIndex('jobs_owner')
    .on('jobs')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('completed_forms')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('template_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('template_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('table_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('table_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('record_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('record_display_name', 'text', (col) => col.notNull())
    // No foreign key either: a job row may be cleaned up while its forms stay.
    .addColumn('job_id', 'varchar(36)')
    .addColumn('file_key', 'varchar(200)', (col) => col.notNull())
    .addColumn('file_size', 'integer', (col) => col.notNull())
    .addColumn('file_name', 'varchar(300)', (col) => col.notNull())
    .addColumn('fill_report', 'text', (col) => col.notNull())
    // Counts of the report, so lists never parse reports.
    .addColumn('fields_requested', 'integer', (col) => col.notNull())
    .addColumn('fields_written', 'integer', (col) => col.notNull())
    .addColumn('fields_with_problems', 'integer', (col) => col.notNull())
    .addColumn('email_sent_to', 'text', (col) => col.notNull())
    .addColumn('flattened', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('completed_forms_owner_created')
    .on('completed_forms')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('completed_forms_template')
    .on('completed_forms')
    .columns(['owner_id', 'template_id'])
    .execute();
  await db.schema
    .createIndex('completed_forms_record')
    .on('completed_forms')
    .columns(['owner_id', 'record_id'])
    .execute();
  await db.schema
    .createIndex('completed_forms_job')
    .on('completed_forms')
    .column('job_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('completed_forms').execute();
  await db.schema.dropTable('jobs').execute();
}
