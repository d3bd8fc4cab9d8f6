import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { JobsTable } from '../../db/schema.ts';

// All SQL on the jobs table. Reads for users filter by owner; the queue's own reads do not (it
// acts for every user).

export type JobRow = Selectable<JobsTable>;

export async function insertJob(db: Db, row: JobRow): Promise<void> {
  await db.insertInto('jobs').values(row).execute();
}

/**
 * A job as users read it: every column but the payload, which for a bulk job lists every record
 * id (~195 KB at 5,000 records) and was read again on every status poll and SSE tick.
 */
export type JobView = Omit<JobRow, 'payload'>;

const VIEW_COLUMNS = [
  'id',
  'owner_id',
  'kind',
  'status',
  'done',
  'total',
  'failed',
  'result',
  'error',
  'created_at',
  'updated_at',
  'finished_at',
] as const satisfies readonly (keyof JobView)[];

/** The owner's job, or undefined for a missing id and for someone else's. */
export function findJob(db: Db, ownerId: string, id: string): Promise<JobView | undefined> {
  return db
    .selectFrom('jobs')
    .select(VIEW_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A job where a list of jobs starts after (the last job of the page before). */
export type JobPosition = { created_at: string; id: string };

/**
 * One page of the owner's jobs, newest first (ties by id), starting after `after`: `limit` rows
 * (read one more to know whether a page follows). Reads the jobs_owner index.
 */
export function listJobs(
  db: Db,
  ownerId: string,
  page: { limit: number; after: JobPosition | undefined },
): Promise<JobView[]> {
  const { after } = page;
  return db
    .selectFrom('jobs')
    .select(VIEW_COLUMNS)
    .where('owner_id', '=', ownerId)
    .$if(after !== undefined, (qb) =>
      qb.where((eb) =>
        eb(
          eb.refTuple('created_at', 'id'),
          '<',
          eb.tuple(after?.created_at ?? '', after?.id ?? ''),
        ),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
}

/** By id alone, for requests authorised by a signed URL bound to this id. */
export function findJobView(db: Db, id: string): Promise<JobView | undefined> {
  return db.selectFrom('jobs').select(VIEW_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Status and counts only: what a progress poll reads. */
export function findJobProgress(db: Db, id: string) {
  return db
    .selectFrom('jobs')
    .select(['id', 'status', 'done', 'total', 'failed'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The payload text alone: the queue reads it only for a job it is about to run, after its view
 * (without the payload) said the job is still open.
 */
export async function findJobPayload(db: Db, id: string): Promise<string | undefined> {
  const found = await db
    .selectFrom('jobs')
    .select('payload')
    .where('id', '=', id)
    .executeTakeFirst();
  return found?.payload;
}

/** By id alone, with its payload: for tests reading back a whole row. */
export function findJobById(db: Db, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markJobRunning(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'running', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

export async function saveJobProgress(
  db: Db,
  id: string,
  progress: { done: number; failed: number },
  now: string,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ done: progress.done, failed: progress.failed, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function finishJob(
  db: Db,
  id: string,
  end: {
    status: 'succeeded' | 'failed';
    done: number;
    failed: number;
    result: string | null;
    error: string | null;
  },
  now: string,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ ...end, updated_at: now, finished_at: now })
    .where('id', '=', id)
    .execute();
}

/** Ends a job as failed, keeping the progress it made. */
export async function failJob(db: Db, id: string, error: string, now: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'failed', error, updated_at: now, finished_at: now })
    .where('id', '=', id)
    .execute();
}

/** Jobs that have not ended, oldest first. */
export function listUnfinishedJobs(
  db: Db,
): Promise<Array<Pick<JobRow, 'id' | 'kind' | 'owner_id'>>> {
  return db
    .selectFrom('jobs')
    .select(['id', 'kind', 'owner_id'])
    .where('status', 'in', ['queued', 'running'])
    .orderBy('created_at')
    .execute();
}
