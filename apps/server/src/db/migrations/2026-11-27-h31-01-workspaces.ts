import { sql, type Kysely } from 'kysely';
import { hasRowLocks } from '../dialect.ts';

// Workspaces (issue 31). Every account gets a personal workspace whose id IS the account's id,
// so every existing `owner_id` already names a workspace: no row is rewritten, nothing can be
// lost. Only the foreign keys of `owner_id` move from `users` to `workspaces`. Invitations keep
// `owner_id` as their sender (an account) and gain the workspace and role they invite into.

/** Tables whose `owner_id` now names the workspace that owns the row. */
export const WORKSPACE_OWNED_TABLES = [
  'pdf_templates',
  'dynamic_tables',
  'table_records',
  'record_files',
  'field_mappings',
  'mapping_memories',
  'completed_forms',
  'jobs',
  'public_form_links',
  'public_data_links',
] as const;

/** Name of the personal workspace a migrated or new account gets (it can be renamed). */
export const PERSONAL_WORKSPACE_NAME = 'Personal';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = hasRowLocks(db);
  if (!postgres) {
    // Kysely runs SQLite migrations outside a transaction; this one must be all or nothing.
    await sql`BEGIN IMMEDIATE`.execute(db);
  }
  try {
    await createTables(db);
    await sql`INSERT INTO workspaces (id, name, personal_user_id, created_at)
      SELECT id, ${PERSONAL_WORKSPACE_NAME}, id, created_at FROM users`.execute(db);
    await sql`INSERT INTO workspace_members (workspace_id, user_id, role, created_at)
      SELECT id, id, 'owner', created_at FROM users`.execute(db);
    await (postgres ? moveForeignKeysPostgres(db) : moveForeignKeysSqlite(db));
    if (!postgres) {
      await sql`COMMIT`.execute(db);
    }
  } catch (error) {
    if (!postgres) {
      await sql`ROLLBACK`.execute(db);
    }
    throw error;
  }
}

async function createTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('personal_user_id', 'varchar(36)', (col) =>
      col.unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'varchar(36)', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('role', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('workspace_members_user')
    .on('workspace_members')
    .column('user_id')
    .execute();
  // An invitation into a workspace with a role; null for a plain sign-up invitation.
  await db.schema
    .alterTable('invitations')
    .addColumn('workspace_id', 'varchar(36)', (col) =>
      col.references('workspaces.id').onDelete('cascade'),
    )
    .execute();
  await db.schema.alterTable('invitations').addColumn('role', 'varchar(16)').execute();
}

// PostgreSQL names a column's foreign key itself (`<table>_owner_id_fkey`); it is looked up, not
// assumed, then dropped and added again against `workspaces`.
async function moveForeignKeysPostgres(db: Kysely<unknown>): Promise<void> {
  for (const table of WORKSPACE_OWNED_TABLES) {
    const { rows } = await sql<{ conname: string }>`
      SELECT c.conname FROM pg_constraint c
      WHERE c.contype = 'f' AND c.conrelid = ${table}::regclass
        AND c.confrelid = 'users'::regclass`.execute(db);
    for (const { conname } of rows) {
      await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(conname)}`.execute(db);
    }
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(`${table}_owner_id_fkey`)}
      FOREIGN KEY (owner_id) REFERENCES workspaces (id) ON DELETE CASCADE`.execute(db);
  }
}

const OWNER_REFERENCE = /("owner_id" varchar\(36\) not null references )"users"( \("id"\))/;

// SQLite cannot alter a constraint. Its documented in-place way (lang_altertable.html, "making
// other kinds of table schema changes") edits each table's CREATE TABLE text under
// `writable_schema` and bumps `schema_version`: O(1) whatever the table's size, where the 12-step
// rebuild would copy every record. The adapter lifts defensive mode for exactly that window.
async function moveForeignKeysSqlite(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string; sql: string }>`
    SELECT name, sql FROM sqlite_master WHERE type = 'table'`.execute(db);
  const edits = WORKSPACE_OWNED_TABLES.map((table) => {
    const text = rows.find((row) => row.name === table)?.sql ?? '';
    if (!OWNER_REFERENCE.test(text)) {
      throw new Error(`${table}: owner_id references users not found in its schema`);
    }
    return { table, text: text.replace(OWNER_REFERENCE, '$1"workspaces"$2') };
  });
  const [version] = (await sql<{ schema_version: number }>`PRAGMA schema_version`.execute(db)).rows;
  await sql`PRAGMA writable_schema = ON`.execute(db);
  try {
    for (const { table, text } of edits) {
      await sql`UPDATE sqlite_master SET sql = ${text}
        WHERE type = 'table' AND name = ${table}`.execute(db);
    }
    await sql
      .raw(`PRAGMA schema_version = ${Number(version?.schema_version ?? 0) + 1}`)
      .execute(db);
  } finally {
    await sql`PRAGMA writable_schema = OFF`.execute(db);
  }
  const broken = await sql`PRAGMA foreign_key_check`.execute(db);
  if (broken.rows.length > 0) {
    throw new Error(`Rows without their workspace: ${JSON.stringify(broken.rows.slice(0, 5))}`);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!hasRowLocks(db)) {
    throw new Error('The workspaces migration cannot be undone on SQLite; restore a backup.');
  }
  for (const table of WORKSPACE_OWNED_TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(`${table}_owner_id_fkey`)}`.execute(
      db,
    );
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(`${table}_owner_id_fkey`)}
      FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE`.execute(db);
  }
  await db.schema.alterTable('invitations').dropColumn('role').execute();
  await db.schema.alterTable('invitations').dropColumn('workspace_id').execute();
  await db.schema.dropTable('workspace_members').execute();
  await db.schema.dropTable('workspaces').execute();
}
