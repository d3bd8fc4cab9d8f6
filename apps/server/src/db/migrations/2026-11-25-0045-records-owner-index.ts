import type { Kysely } from 'kysely';

// Record reads filter by owner and table and page in creation order. The first index only had
// (table_id, created_at): checking the owner read every row from the table, so a page deep in a
// 10,000-record table and the table's record count read 10,000 rows, and the tables list counted
// every tenant's records (no index started with owner_id). This one answers all three from the
// index alone: the page walks it in order, the counts never touch a row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('table_records_owner_table_created')
    .on('table_records')
    .columns(['owner_id', 'table_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('table_records_owner_table_created').execute();
}
