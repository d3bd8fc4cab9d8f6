import { sql, type Kysely } from 'kysely';

// The job book became generic (issue 27): an item's outcome is a JSON value in the job's own
// shape instead of columns for a completed form and its e-mail, so the queue knows nothing about
// forms. Rows written before keep their meaning: their form id and e-mail become the value.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_items').addColumn('value', 'text').execute();
  const rows = await sql<{
    job_id: string;
    item_id: string;
    form_id: string;
    email: string | null;
  }>`SELECT job_id, item_id, form_id, email FROM job_items WHERE form_id IS NOT NULL`.execute(db);
  for (const row of rows.rows) {
    const value = JSON.stringify({
      formId: row.form_id,
      email: row.email === null ? null : (JSON.parse(row.email) as unknown),
    });
    await sql`UPDATE job_items SET value = ${value} WHERE job_id = ${row.job_id} AND item_id = ${row.item_id}`.execute(
      db,
    );
  }
  await db.schema.alterTable('job_items').renameColumn('display_name', 'label').execute();
  await db.schema.alterTable('job_items').dropColumn('form_id').execute();
  await db.schema.alterTable('job_items').dropColumn('email').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_items').addColumn('form_id', 'varchar(36)').execute();
  await db.schema.alterTable('job_items').addColumn('email', 'text').execute();
  await db.schema.alterTable('job_items').renameColumn('label', 'display_name').execute();
  await db.schema.alterTable('job_items').dropColumn('value').execute();
}
