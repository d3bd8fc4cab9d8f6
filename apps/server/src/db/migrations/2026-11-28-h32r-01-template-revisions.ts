import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Template revisions (issue 32): each upload of a new edition of a template's PDF is a revision
// with its own file and detected fields; the template row keeps showing the current one (its
// number in `current_revision`), so every route that reads a template reads the current revision.
// `mappings` holds the template's mapping set as it was when the revision stopped being current
// (make-current restores it). Completed forms record the revision they were made from.
// Existing templates become revision 1, made from their row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('template_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('template_id', 'text', (c) =>
      c.notNull().references('pdf_templates.id').onDelete('cascade'),
    )
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('field_data', 'text', (c) => c.notNull())
    .addColumn('field_count', 'integer', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('pages', 'text', (c) => c.notNull())
    .addColumn('detection_notes', 'text')
    .addColumn('mappings', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('template_revisions_template_revision', ['template_id', 'revision'])
    .execute();
  await db.schema
    .createIndex('template_revisions_file_key')
    .on('template_revisions')
    .column('file_key')
    .execute();
  await db.schema
    .alterTable('pdf_templates')
    .addColumn('current_revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('completed_forms').addColumn('template_revision', 'integer').execute();

  type Row = {
    id: string;
    owner_id: string;
    file_key: string;
    original_file_key: string | null;
    file_size: number;
    field_data: string;
    field_count: number;
    page_count: number;
    pages: string;
    detection_notes: string | null;
    created_at: string;
  };
  const templates = await sql<Row>`
    SELECT id, owner_id, file_key, original_file_key, file_size, field_data, field_count,
           page_count, pages, detection_notes, created_at
    FROM pdf_templates`.execute(db);
  for (const t of templates.rows) {
    // The upload, not the field editor's copy: a revision is the PDF as it was uploaded.
    await sql`
      INSERT INTO template_revisions (id, owner_id, template_id, revision, file_key, file_size,
        field_data, field_count, page_count, pages, detection_notes, mappings, created_by,
        created_by_name, created_at)
      VALUES (${crypto.randomUUID()}, ${t.owner_id}, ${t.id}, 1, ${t.original_file_key ?? t.file_key},
        ${t.file_size}, ${t.field_data}, ${t.field_count}, ${t.page_count}, ${t.pages},
        ${t.detection_notes}, NULL, NULL, NULL, ${t.created_at})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('completed_forms').dropColumn('template_revision').execute();
  await db.schema.alterTable('pdf_templates').dropColumn('current_revision').execute();
  await db.schema.dropTable('template_revisions').execute();
}
