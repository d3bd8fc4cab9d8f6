import type { Kysely } from 'kysely';

// The audit log (issue 31): one append-only row per write in a workspace. Names (actor, target)
// are copied at the time, so an event stays readable after its target is gone; only the
// workspace's own deletion takes its events with it. Named after the workspaces migration
// (`h31z` sorts after it) because of the foreign key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .addColumn('actor_kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('actor_id', 'varchar(64)')
    .addColumn('actor_name', 'varchar(320)', (col) => col.notNull())
    .addColumn('source', 'varchar(20)', (col) => col.notNull())
    .addColumn('action', 'varchar(64)', (col) => col.notNull())
    .addColumn('target_kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('target_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('target_name', 'varchar(500)', (col) => col.notNull())
    // JSON array of {field, before, after}.
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .execute();
  // Newest first within a workspace, keyset on (at, id): every page is one index range scan,
  // however many events come before it. Each filter gets the same tail so it pages alike.
  const indexes: Array<[string, string[]]> = [
    ['audit_events_workspace_at', ['workspace_id', 'at', 'id']],
    ['audit_events_workspace_actor', ['workspace_id', 'actor_id', 'at', 'id']],
    ['audit_events_workspace_kind', ['workspace_id', 'target_kind', 'at', 'id']],
    ['audit_events_workspace_target', ['workspace_id', 'target_id', 'at', 'id']],
    ['audit_events_workspace_action', ['workspace_id', 'action', 'at', 'id']],
    // The retention sweep deletes by age across workspaces.
    ['audit_events_at', ['at']],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on('audit_events').columns(columns).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
}
