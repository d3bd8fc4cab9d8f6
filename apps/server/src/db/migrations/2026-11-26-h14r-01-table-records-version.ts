import type { Kysely } from 'kysely';

// Deep records pages start from a remembered record instead of stepping over every record before
// them (OFFSET); what was remembered holds only while the table's records are the same ones. The
// version changes with every record insert and delete, in the same transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('dynamic_tables')
    .addColumn('records_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dynamic_tables').dropColumn('records_version').execute();
}
