import type { Kysely } from 'kysely';

// A bulk job on the shared queue is split into one task per record, taken by any instance and
// retried after a crash. Each record's outcome is one job_items row (the primary key makes a
// retried task's second write a no-op, so the counts stay exact), and each record yields at most
// one completed form per template (the unique index makes a retried insert a no-op).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_items')
    .addColumn('job_id', 'varchar(36)', (col) =>
      col.notNull().references('jobs.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'varchar(36)', (col) => col.notNull())
    /** The completed form made for the item; null when it failed. */
    .addColumn('form_id', 'varchar(36)')
    .addColumn('display_name', 'text')
    .addColumn('error', 'text')
    /** JSON e-mail outcome of the item's form, when the job e-mails each form. */
    .addColumn('email', 'text')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('job_items_pk', ['job_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('completed_forms_job_item')
    .on('completed_forms')
    .columns(['job_id', 'template_id', 'record_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('completed_forms_job_item').execute();
  await db.schema.dropTable('job_items').execute();
}
