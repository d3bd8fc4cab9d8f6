import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { StoredItem } from './job-queue.ts';

// SQL for the items of an item job. An item's outcome is written once: the primary key
// (job_id, item_id) turns a retried step's write into a no-op, and the job's counters move only
// for rows that are new, so done/failed stay exact whatever ran twice.

export type JobCounts = { done: number; failed: number; total: number };

// Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits (5 per row).
const INSERT_CHUNK = 200;

/**
 * Stores outcomes (first write wins) and moves the job's counters by the new ones, in one
 * transaction; returns the job's counts after it (undefined: the job row is gone).
 */
export async function recordJobItems(
  db: Db,
  jobId: string,
  items: ReadonlyArray<StoredItem<unknown>>,
  now: string,
): Promise<JobCounts | undefined> {
  return db.transaction().execute(async (trx) => {
    let done = 0;
    let failed = 0;
    for (let at = 0; at < items.length; at += INSERT_CHUNK) {
      const chunk = items.slice(at, at + INSERT_CHUNK);
      const inserted = await trx
        .insertInto('job_items')
        .values(
          chunk.map((item) => ({
            job_id: jobId,
            item_id: item.itemId,
            value: item.ok ? JSON.stringify(item.value) : null,
            label: item.ok ? null : item.label,
            error: item.ok ? null : item.error,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .returning(['item_id', 'error'])
        .execute();
      done += inserted.length;
      failed += inserted.filter((row) => row.error !== null).length;
    }
    if (done > 0) {
      return trx
        .updateTable('jobs')
        .set((eb) => ({
          done: eb('done', '+', done),
          failed: eb('failed', '+', failed),
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

/** Every stored outcome of a job, values checked against the job's item shape. */
export async function listJobItems<T>(
  db: Db,
  jobId: string,
  value: z.ZodType<T>,
): Promise<Array<StoredItem<T>>> {
  const rows = await db.selectFrom('job_items').selectAll().where('job_id', '=', jobId).execute();
  return rows.map((row): StoredItem<T> =>
    row.error !== null || row.value === null
      ? { itemId: row.item_id, ok: false, label: row.label, error: row.error ?? '' }
      : { itemId: row.item_id, ok: true, value: value.parse(JSON.parse(row.value)) },
  );
}
