import type { Kysely } from 'kysely';

// A mapping may carry a transform (contract transforms.ts), stored as JSON text; null is none.
// Text in both dialects keeps one code path: the contract's zod schema is what reads it back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('field_mappings').addColumn('transform', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('field_mappings').dropColumn('transform').execute();
}
