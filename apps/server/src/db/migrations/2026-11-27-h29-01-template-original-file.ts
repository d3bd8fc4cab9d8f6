import type { Kysely } from 'kysely';

// Fields written by the field editor (issue 29) go into a new copy of the PDF; the file as
// uploaded is kept beside it, so every later save starts again from what the user uploaded.
// NULL: no fields were ever written, `file_key` is the upload itself.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pdf_templates').addColumn('original_file_key', 'text').execute();
  await db.schema
    .createIndex('pdf_templates_original_file_key')
    .on('pdf_templates')
    .column('original_file_key')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pdf_templates_original_file_key').execute();
  await db.schema.alterTable('pdf_templates').dropColumn('original_file_key').execute();
}
