import type { Kysely } from 'kysely';

// The guided start (issue 34): per account, whether the checklist was dismissed and which
// template and table are its sample (made once; the ids may outlive what they name, which the
// service checks, so no foreign keys on them).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_onboarding')
    .addColumn('user_id', 'varchar(36)', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('checklist_dismissed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('sample_template_id', 'varchar(36)')
    .addColumn('sample_table_id', 'varchar(36)')
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_onboarding').execute();
}
