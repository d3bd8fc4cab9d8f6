import type { Kysely } from 'kysely';

// The trash (issue 32). A delete snapshots the item and every row its delete cascades to as JSON
// into `trash_items`, then deletes the live rows as before: no read query anywhere has to learn
// to skip trashed rows. The item's stored files stay in storage until the trash item is purged;
// `trash_files` names them, so the orphan-file sweep counts them as owned. The trash item's id is
// the deleted item's id (an id is trashed at most once at a time).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trash_items')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('name', 'varchar(500)', (col) => col.notNull())
    .addColumn('deleted_at', 'varchar(32)', (col) => col.notNull())
    // Not a foreign key: the trash outlives the account that deleted the item.
    .addColumn('deleted_by_id', 'varchar(64)')
    .addColumn('deleted_by', 'varchar(320)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    // JSON {tables: [{table, rows}]}: the rows to insert back, parents first.
    .addColumn('payload', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('trash_items_workspace_deleted')
    .on('trash_items')
    .columns(['workspace_id', 'deleted_at'])
    .execute();
  await db.schema
    .createIndex('trash_items_expires')
    .on('trash_items')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('trash_files')
    .addColumn('trash_id', 'varchar(36)', (col) =>
      col.notNull().references('trash_items.id').onDelete('cascade'),
    )
    .addColumn('file_key', 'varchar(200)', (col) => col.notNull())
    .addPrimaryKeyConstraint('trash_files_pk', ['trash_id', 'file_key'])
    .execute();
  await db.schema.createIndex('trash_files_key').on('trash_files').column('file_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trash_files').execute();
  await db.schema.dropTable('trash_items').execute();
}
