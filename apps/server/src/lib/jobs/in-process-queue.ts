import { isFinishedJobStatus, type JobStatus } from '@formbridge/contract/jobs';
import type { Db } from '../../db/database.ts';
import { AppError } from '../errors.ts';
import { createJobBook, type JobLog, type OpenJob } from './job-book.ts';
import {
  INTERRUPTED_BY_SHUTDOWN,
  JobInterruptedError,
  type JobDefinition,
  type JobOutcome,
  type JobQueue,
} from './job-queue.ts';
import { findJobProgress, listUnfinishedJobs } from './job-store.ts';
import { runItemsInOrder } from './run-items.ts';

// An item job's outcomes (and the rows they wait on) are written at least this often; listeners
// hear the counts in between.
const RECORD_EVERY_MS = 1000;
/**
 * Jobs of different owners run side by side (their fills interleave in the one fill pool), at
 * most this many at once; one owner's jobs run one after the other. A one-record job thus starts
 * at once behind any number of other people's large jobs instead of waiting for them to end.
 */
const MAX_RUNNING_JOBS = 4;

export type InProcessQueueOptions = {
  db: Db;
  log: JobLog;
  /** Progress is written to the row and pushed to listeners at most this often. */
  progressIntervalMs?: number;
  /** How often `waitFor` re-reads a job it has no event for (a job run by another process). */
  pollIntervalMs?: number;
};

/**
 * Runs jobs in this process in the order they were queued, one at a time per owner and up to
 * MAX_RUNNING_JOBS owners side by side. Status, progress and
 * result live in the jobs table; listeners get progress in between (throttled), and always the
 * final state. Durable like the shared queue: a job a stop or crash left unfinished is taken up
 * again at the next start, running only the items it had not recorded.
 */
export function createInProcessQueue(options: InProcessQueueOptions): JobQueue {
  const { db, log } = options;
  const progressIntervalMs = options.progressIntervalMs ?? 250;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  // Loosely typed on purpose: each definition checks its own payload before running.
  const definitions = new Map<string, JobDefinition<unknown>>();
  const book = createJobBook(db, log);
  const pending: Array<{ id: string; ownerId: string }> = [];
  /** Jobs taken up after a restart: opened although their row already says running. */
  const resumed = new Set<string>();
  const shutdown = new AbortController();
  const running = new Map<string, { ownerId: string; done: Promise<void> }>();
  let isClosed = false;

  /** The steps of the job, the same ones the shared queue runs as tasks, here in sequence. */
  const runSteps = async (
    { row, definition, ref }: OpenJob,
    last: { done: number; failed: number },
  ) => {
    if (definition.items) {
      return runItemsInOrder({
        book,
        job: definition.items,
        row,
        ref,
        signal: shutdown.signal,
        recordEveryMs: RECORD_EVERY_MS,
        progressEveryMs: progressIntervalMs,
        onCounts: (done, failed) => Object.assign(last, { done, failed }),
      });
    }
    const tracker = book.trackProgress(row, progressIntervalMs);
    try {
      return await definition.run({
        ...ref,
        progress: (done, failed) => {
          Object.assign(last, { done, failed });
          tracker.progress(done, failed);
        },
        signal: shutdown.signal,
      });
    } finally {
      await tracker.settled();
    }
  };

  const runJob = async (id: string) => {
    const open = await book.open(id, definitions, !resumed.delete(id));
    if (!open) {
      return; // deleted, ended, or already handled by a restart's recovery
    }
    const { row } = open;
    const last = { done: row.done, failed: row.failed };
    let outcome: JobOutcome;
    try {
      outcome = await runSteps(open, last);
    } catch (error) {
      if (error instanceof JobInterruptedError) {
        // Left unfinished on purpose: the next start resumes it from the recorded items.
        log.info({ jobId: id }, 'job stopped by shutdown; it resumes at the next start');
        return;
      }
      // An AppError is something to tell the user ('The table was deleted'); anything else is
      // our bug, logged in full and told generically, like a 500.
      outcome = { status: 'failed', result: null, error: book.describe(error, id), ...last };
    }
    if (shutdown.signal.aborted && outcome.status === 'succeeded' && outcome.done < row.total) {
      outcome = { ...outcome, status: 'failed', error: INTERRUPTED_BY_SHUTDOWN };
    }
    await book.end(row, outcome);
  };

  /** Starts queued jobs, oldest first, skipping owners who already have one running. */
  const schedule = () => {
    if (isClosed) {
      return;
    }
    const busyOwners = new Set([...running.values()].map((job) => job.ownerId));
    for (let at = 0; at < pending.length && running.size < MAX_RUNNING_JOBS;) {
      const next = pending[at]!;
      if (busyOwners.has(next.ownerId)) {
        at += 1;
        continue;
      }
      pending.splice(at, 1);
      busyOwners.add(next.ownerId);
      const done = runJob(next.id)
        .catch((error: unknown) => log.error({ err: error, jobId: next.id }, 'job runner failed'))
        .finally(() => {
          running.delete(next.id);
          schedule();
        });
      running.set(next.id, { ownerId: next.ownerId, done });
    }
  };

  const subscribe = book.subscribe;

  const readStatus = async (jobId: string) => (await findJobProgress(db, jobId))?.status;

  return {
    register: (definition) => {
      definitions.set(definition.kind, definition as JobDefinition<unknown>);
    },
    enqueue: async (input) => {
      if (isClosed) {
        throw new AppError(503, 'The server is shutting down; please try again in a moment');
      }
      const id = await book.insert(input);
      pending.push({ id, ownerId: input.ownerId });
      schedule();
      return id;
    },
    subscribe,
    waitFor: (jobId) =>
      new Promise<void>((resolve, reject) => {
        let isSettled = false;
        const settle = (error?: unknown) => {
          if (isSettled) {
            return;
          }
          isSettled = true;
          clearInterval(timer);
          unsubscribe();
          if (error === undefined) {
            resolve();
          } else {
            reject(error instanceof Error ? error : new Error('Could not read the job'));
          }
        };
        const unsubscribe = subscribe(jobId, (event) => {
          if (isFinishedJobStatus(event.status)) {
            settle();
          }
        });
        // The poll covers a job that ended before we subscribed, or that another process runs.
        const check = () =>
          readStatus(jobId)
            .then((status) => {
              if (status === undefined || isFinishedJobStatus(status as JobStatus)) {
                settle();
              }
            })
            .catch(settle);
        const timer = setInterval(() => void check(), pollIntervalMs);
        void check();
      }),
    recoverInterrupted: async () => {
      if (isClosed) {
        return 0;
      }
      // Recovery runs after the start-up sweep, so jobs queued since the start are in hand here
      // already: only the ones a previous process left are taken up.
      const known = new Set([...pending.map((job) => job.id), ...running.keys()]);
      const rows = (await listUnfinishedJobs(db)).filter((row) => !known.has(row.id));
      for (const row of rows) {
        // A final step cut short may have left its zip half-written; the resumed run remakes it.
        await definitions.get(row.kind)?.cleanUp?.(row.id);
        resumed.add(row.id);
        pending.push({ id: row.id, ownerId: row.owner_id });
        log.info({ jobId: row.id, kind: row.kind }, 'job left unfinished by a restart resumed');
      }
      schedule();
      return rows.length;
    },
    close: async () => {
      isClosed = true;
      shutdown.abort();
      await Promise.all([...running.values()].map((job) => job.done));
      // Jobs that never started stay queued in the table: the next start runs them.
    },
  };
}
