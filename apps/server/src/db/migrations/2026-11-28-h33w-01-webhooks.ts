import type { Kysely } from 'kysely';

// Webhooks (issue 33): endpoints a workspace's Admins subscribe, and the outbox of deliveries.
// A delivery row is written in the same transaction as the write it reports (the outbox), so an
// event is never lost nor sent for a write that rolled back; the dispatcher sends due rows and
// keeps their state here, so a restart resumes retries where they were.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('url', 'varchar(2000)', (col) => col.notNull())
    // JSON array of event types.
    .addColumn('events', 'text', (col) => col.notNull())
    // Kept in clear: the server must sign with it (docs/decisions.md, "Webhook secrets").
    .addColumn('secret', 'varchar(100)', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    .addColumn('paused_reason', 'varchar(200)')
    // Set by the first failed attempt after a success; the endpoint is paused 24 h later.
    .addColumn('failing_since', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhooks_workspace').on('webhooks').column('workspace_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('webhook_id', 'varchar(36)', (col) =>
      col.notNull().references('webhooks.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('event_type', 'varchar(40)', (col) => col.notNull())
    // The event body (JSON) as emitted; download URLs are signed at each attempt.
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('first_attempt_at', 'varchar(32)')
    .addColumn('last_attempt_at', 'varchar(32)')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('response_excerpt', 'varchar(1100)')
    // A dispatcher holds a row while it sends; another instance takes it only after this time.
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_webhook')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
