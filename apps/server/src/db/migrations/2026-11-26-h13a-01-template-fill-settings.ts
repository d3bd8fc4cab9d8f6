import type { Kysely } from 'kysely';

// A template's fill settings (contract templates.ts: legibility floor, read-only policy, addendum),
// stored as JSON text; null means the defaults, so existing templates need no backfill.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pdf_templates').addColumn('fill_settings', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pdf_templates').dropColumn('fill_settings').execute();
}
