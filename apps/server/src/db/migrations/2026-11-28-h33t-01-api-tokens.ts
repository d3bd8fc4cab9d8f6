import { sql, type Kysely } from 'kysely';

// API tokens (issue 33): one row per token of a workspace, the secret kept only as its SHA-256
// hash (a token is 256 random bits: a fast hash is enough, and lookup is by hash). A revoked
// token keeps its row (`revoked_at`) so it answers "revoked", not "invalid", and its name stays
// in the list of what happened; the creator's address is copied for the list after they leave.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('role', 'varchar(20)', (col) => col.notNull())
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_by', 'varchar(36)', (col) =>
      col.references('users.id').onDelete('set null'),
    )
    .addColumn('created_by_email', 'varchar(320)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('last_used_at', 'varchar(32)')
    .addColumn('last_used_ip', 'varchar(64)')
    .execute();
  // Names are unique among a workspace's live tokens, so the list and the audit log can tell
  // them apart; a revoked token's name can be used again.
  await db.schema
    .createIndex('api_tokens_workspace_name')
    .on('api_tokens')
    .columns(['workspace_id', 'name'])
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
}
