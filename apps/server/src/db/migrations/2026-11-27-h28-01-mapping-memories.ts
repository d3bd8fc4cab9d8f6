import type { Kysely } from 'kysely';

// What each account mapped (issue 28): a PDF field's caption, name and region kind with the table
// field the user chose, so the next template with the same caption gets it suggested, with the
// reason "you mapped 'Employer's name' → employer on W-4". One row per (account, caption, name,
// region, target); the latest verdict wins.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mapping_memories')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('caption', 'varchar(300)', (col) => col.notNull())
    .addColumn('caption_key', 'varchar(300)', (col) => col.notNull())
    .addColumn('name_key', 'varchar(300)', (col) => col.notNull())
    .addColumn('region', 'varchar(40)', (col) => col.notNull())
    .addColumn('target_key', 'varchar(600)', (col) => col.notNull())
    .addColumn('template_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('verdict', 'varchar(10)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('mapping_memories_owner_caption')
    .on('mapping_memories')
    .columns(['owner_id', 'caption_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mapping_memories').execute();
}
