import type { Kysely } from 'kysely';

// What the upload repair changed in a template's PDF (scripts removed, field-tree loops broken,
// widgets linked into the form): a JSON array of sentences shown with the template. NULL: nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pdf_templates').addColumn('detection_notes', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pdf_templates').dropColumn('detection_notes').execute();
}
