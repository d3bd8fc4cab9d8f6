import crypto from 'node:crypto';
import { isFinishedJobStatus, type JobProgress, type JobStatus } from '@formbridge/contract/jobs';
import type { Db } from '../../db/database.ts';
import { AppError } from '../errors.ts';
import {
  INTERRUPTED_BY_RESTART,
  INTERRUPTED_BY_SHUTDOWN,
  type JobDefinition,
  type JobListener,
  type JobOutcome,
  type JobQueue,
  serializeResult,
} from './job-queue.ts';
import {
  failJob,
  findJobById,
  finishJob,
  insertJob,
  listUnfinishedJobs,
  markJobRunning,
  saveJobProgress,
  type JobRow,
} from './job-store.ts';

export type InProcessQueueOptions = {
  db: Db;
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
  /** Progress is written to the row and pushed to listeners at most this often. */
  progressIntervalMs?: number;
  /** How often `waitFor` re-reads a job it has no event for (a job run by another process). */
  pollIntervalMs?: number;
};

/**
 * Runs jobs one at a time in this process, in the order they were queued. Status, progress and
 * result live in the jobs table; listeners get progress in between (throttled), and always the
 * final state.
 */
export function createInProcessQueue(options: InProcessQueueOptions): JobQueue {
  const { db, log } = options;
  const progressIntervalMs = options.progressIntervalMs ?? 250;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  // Loosely typed on purpose: each definition checks its own payload before running.
  const definitions = new Map<string, JobDefinition<unknown>>();
  const listeners = new Map<string, Set<JobListener>>();
  const pending: string[] = [];
  const shutdown = new AbortController();
  let running: Promise<void> | null = null;
  let isClosed = false;

  const emit = (event: JobProgress) => {
    for (const listener of listeners.get(event.id) ?? []) {
      listener(event);
    }
  };

  const finish = async (row: JobRow, outcome: JobOutcome) => {
    const result = serializeResult(outcome.result);
    await finishJob(db, row.id, { ...outcome, result }, new Date().toISOString());
    emit({
      id: row.id,
      status: outcome.status,
      done: outcome.done,
      total: row.total,
      failed: outcome.failed,
    });
  };

  const runJob = async (id: string) => {
    const row = await findJobById(db, id);
    if (!row || row.status !== 'queued') {
      return; // deleted, or already handled by a restart's recovery
    }
    const definition = definitions.get(row.kind);
    const fail = (error: string) =>
      finish(row, { status: 'failed', result: null, error, done: row.done, failed: row.failed });
    if (!definition) {
      await fail(`Unknown job kind '${row.kind}'`);
      return;
    }
    const payload = definition.payload.safeParse(JSON.parse(row.payload));
    if (!payload.success) {
      await fail('The job payload is invalid');
      return;
    }
    await markJobRunning(db, id, new Date().toISOString());
    let last = { done: row.done, failed: row.failed };
    let lastSavedAt = 0;
    let saving: Promise<void> = Promise.resolve();
    const progress = (done: number, failed: number) => {
      last = { done, failed };
      const now = Date.now();
      if (now - lastSavedAt < progressIntervalMs) {
        return;
      }
      lastSavedAt = now;
      emit({ id, status: 'running', done, total: row.total, failed });
      // Writes queue behind each other, so an older count never lands after a newer one.
      saving = saving
        .then(() => saveJobProgress(db, id, last, new Date().toISOString()))
        .catch((error: unknown) => log.error({ err: error, jobId: id }, 'job progress not saved'));
    };
    emit({ id, status: 'running', done: row.done, total: row.total, failed: row.failed });
    let outcome: JobOutcome;
    try {
      outcome = await definition.run({
        id,
        ownerId: row.owner_id,
        payload: payload.data,
        progress,
        signal: shutdown.signal,
      });
    } catch (error) {
      // An AppError is something to tell the user ('The table was deleted'); anything else is
      // our bug, logged in full and told generically, like a 500.
      const detail =
        error instanceof AppError && typeof error.detail === 'string'
          ? error.detail
          : 'The job failed unexpectedly';
      if (!(error instanceof AppError)) {
        log.error({ err: error, jobId: id, kind: row.kind }, 'job failed');
      }
      outcome = { status: 'failed', result: null, error: detail, ...last };
    }
    if (shutdown.signal.aborted && outcome.status === 'succeeded' && outcome.done < row.total) {
      outcome = { ...outcome, status: 'failed', error: INTERRUPTED_BY_SHUTDOWN };
    }
    await saving;
    await finish(row, outcome);
  };

  const schedule = () => {
    if (running || isClosed) {
      return;
    }
    const next = pending.shift();
    if (next === undefined) {
      return;
    }
    running = runJob(next)
      .catch((error: unknown) => log.error({ err: error, jobId: next }, 'job runner failed'))
      .finally(() => {
        running = null;
        schedule();
      });
  };

  const subscribe = (jobId: string, listener: JobListener) => {
    const set = listeners.get(jobId) ?? new Set<JobListener>();
    set.add(listener);
    listeners.set(jobId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        listeners.delete(jobId);
      }
    };
  };

  const readStatus = async (jobId: string) => (await findJobById(db, jobId))?.status;

  return {
    register: (definition) => {
      definitions.set(definition.kind, definition as JobDefinition<unknown>);
    },
    enqueue: async ({ ownerId, kind, payload, total }) => {
      if (isClosed) {
        throw new AppError(503, 'The server is shutting down; please try again in a moment');
      }
      const now = new Date().toISOString();
      const id = crypto.randomUUID();
      await insertJob(db, {
        id,
        owner_id: ownerId,
        kind,
        status: 'queued',
        done: 0,
        total,
        failed: 0,
        payload: JSON.stringify(payload),
        result: null,
        error: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      });
      pending.push(id);
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
      const rows = await listUnfinishedJobs(db);
      for (const row of rows) {
        await failJob(db, row.id, INTERRUPTED_BY_RESTART, new Date().toISOString());
        await definitions.get(row.kind)?.cleanUp?.(row.id);
        log.info({ jobId: row.id, kind: row.kind }, 'job interrupted by a restart marked failed');
      }
      return rows.length;
    },
    close: async () => {
      isClosed = true;
      shutdown.abort();
      await running;
      // Jobs that never started stay queued in the table: the next start marks them failed.
    },
  };
}
