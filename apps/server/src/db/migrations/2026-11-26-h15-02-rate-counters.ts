import type { Kysely } from 'kysely';

// Login, public-link and e-mail limits shared by every instance on PostgreSQL: one row per counted
// key (an address, a link, an account) with its current window. SQLite installs count in memory
// and leave it empty.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'varchar(600)', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    // Epoch milliseconds: compared with the clock of whichever instance counts.
    .addColumn('reset_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_counters').execute();
}
