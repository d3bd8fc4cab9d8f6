import type { Kysely } from 'kysely';

// Invitations by e-mail: a signed-in user invites a colleague; the link's token (stored only as a
// hash) lets that address sign up once, before it expires, even with ALLOW_SIGNUP=false.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('email_lower', 'varchar(254)', (col) => col.notNull())
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('accepted_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('invitations_owner_created')
    .on('invitations')
    .columns(['owner_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
}
