import type { Kysely } from 'kysely';

// The file sweep (ops/file-sweep.ts) asks, 500 stored keys at a time, which of them a row still
// names. Without these each question read every template, attachment and completed-form row.
const INDEXES = [
  ['pdf_templates_file_key', 'pdf_templates'],
  ['record_files_file_key', 'record_files'],
  ['completed_forms_file_key', 'completed_forms'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table] of INDEXES) {
    await db.schema.createIndex(name).on(table).column('file_key').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) {
    await db.schema.dropIndex(name).execute();
  }
}
