import type { Kysely } from 'kysely';

// Optimistic concurrency for records (issue 35): every write of a record's values moves its
// version on; a PATCH or PUT with `If-Match` naming an older version gets 412 instead of
// overwriting what someone else saved. Records that exist at the upgrade start at version 1.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('table_records')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('table_records').dropColumn('version').execute();
}
