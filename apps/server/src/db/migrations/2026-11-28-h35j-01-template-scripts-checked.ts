import type { Kysely } from 'kysely';

// When a template's stored files (its PDF, its upload, every revision's file) were last known to
// hold no JavaScript (issue 35). Uploads since the repair set it; NULL marks the templates stored
// before it, which the script sweep (templates.script-sweep.ts) cleans and then marks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pdf_templates').addColumn('scripts_checked_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pdf_templates').dropColumn('scripts_checked_at').execute();
}
