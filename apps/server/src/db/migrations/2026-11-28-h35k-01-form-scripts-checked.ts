import type { Kysely } from 'kysely';

// When a completed form's stored file was last known to hold no JavaScript (issue 35). Forms
// made since fills removed scripts set it; NULL marks the forms made before, which the form
// script sweep (completed-forms/script-sweep/) cleans and then marks. Trashed forms carry the
// column in their trash payload's row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('completed_forms').addColumn('scripts_checked_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('completed_forms').dropColumn('scripts_checked_at').execute();
}
