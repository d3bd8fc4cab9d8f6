import type { Db } from '../../db/database.ts';
import type { ItemOutcome, StoredItem } from './job-queue.ts';

// SQL for the items of a job split into tasks. An item's outcome is written once: the primary key
// (job_id, item_id) turns a retried task's write into a no-op, and the job's counters move only
// when the row is new, so done/failed stay exact whatever ran twice.

export type JobCounts = { done: number; failed: number; total: number };

/** Stores an item's outcome (first write wins) and returns the job's counts after it. */
export async function recordJobItem(
  db: Db,
  jobId: string,
  itemId: string,
  outcome: ItemOutcome,
  now: string,
): Promise<JobCounts | undefined> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('job_items')
      .values({
        job_id: jobId,
        item_id: itemId,
        form_id: outcome.ok ? outcome.formId : null,
        display_name: outcome.ok ? null : outcome.displayName,
        error: outcome.ok ? null : outcome.error,
        email: outcome.ok && outcome.email ? JSON.stringify(outcome.email) : null,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('item_id')
      .executeTakeFirst();
    if (inserted) {
      return trx
        .updateTable('jobs')
        .set((eb) => ({
          done: eb('done', '+', 1),
          failed: eb('failed', '+', outcome.ok ? 0 : 1),
          updated_at: now,
        }))
        .where('id', '=', jobId)
        .returning(['done', 'failed', 'total'])
        .executeTakeFirst();
    }
    return trx
      .selectFrom('jobs')
      .select(['done', 'failed', 'total'])
      .where('id', '=', jobId)
      .executeTakeFirst();
  });
}

/** Every stored item outcome of a job. */
export async function listJobItems(db: Db, jobId: string): Promise<StoredItem[]> {
  const rows = await db.selectFrom('job_items').selectAll().where('job_id', '=', jobId).execute();
  return rows.map((row): StoredItem =>
    row.form_id === null
      ? { itemId: row.item_id, ok: false, displayName: row.display_name, error: row.error ?? '' }
      : {
          itemId: row.item_id,
          ok: true,
          formId: row.form_id,
          email: row.email
            ? (JSON.parse(row.email) as { sent_to: string[]; error: string | null })
            : null,
        },
  );
}
