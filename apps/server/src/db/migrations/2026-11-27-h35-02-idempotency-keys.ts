import type { Kysely } from 'kysely';

// Idempotent POSTs (issue 35): a request that starts work with an `Idempotency-Key` is remembered
// for 24 hours per user: what it asked (a hash) and, once answered, its status and body, so a
// retry gets the first answer instead of starting the work again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('idem_key', 'varchar(255)', (col) => col.notNull())
    .addColumn('request_hash', 'varchar(64)', (col) => col.notNull())
    // Null while the first request is still being answered.
    .addColumn('status', 'integer')
    .addColumn('content_type', 'varchar(100)')
    .addColumn('response', 'text')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'idem_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
