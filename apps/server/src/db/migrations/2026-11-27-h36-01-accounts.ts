import { sql, type Kysely } from 'kysely';

// Account administration: an instance admin, disabled accounts, who may invite; sign-in sessions
// (a token names one, so sign-out revokes it in the database, on every server process); and
// password-reset links (stored only as a hash, like invitations).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_admin', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('disabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('can_invite', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  // Accounts that exist at the upgrade keep what they could do (invite); the oldest becomes the
  // instance admin, as the first account of a new server does.
  await sql`UPDATE users SET can_invite = ${true}`.execute(db);
  await sql`UPDATE users SET is_admin = ${true}
    WHERE id = (SELECT id FROM users ORDER BY created_at, id LIMIT 1)`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('password_resets_user')
    .on('password_resets')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.alterTable('users').dropColumn('can_invite').execute();
  await db.schema.alterTable('users').dropColumn('disabled').execute();
  await db.schema.alterTable('users').dropColumn('is_admin').execute();
}
