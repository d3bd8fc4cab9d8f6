import type { Kysely } from 'kysely';

// The sites allowed to embed a public document form or a data link in an iframe (issue 33): a JSON
// array of origins, sent as CSP `frame-ancestors`. NULL: none (the page cannot be framed).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('public_form_links').addColumn('embed_origins', 'text').execute();
  await db.schema.alterTable('public_data_links').addColumn('embed_origins', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('public_form_links').dropColumn('embed_origins').execute();
  await db.schema.alterTable('public_data_links').dropColumn('embed_origins').execute();
}
