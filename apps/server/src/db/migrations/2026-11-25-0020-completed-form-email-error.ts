import type { Kysely } from 'kysely';

// Why the last e-mail of a completed form failed (relay down after retries, every recipient
// refused); null when it went out or none was sent. Shown where completed forms are listed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('completed_forms').addColumn('email_error', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('completed_forms').dropColumn('email_error').execute();
}
