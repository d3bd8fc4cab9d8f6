import crypto from 'node:crypto';
import { isFinishedJobStatus, type JobProgress, type JobStatus } from '@formbridge/contract/jobs';
import { PgBoss, type Job, type JobResult } from 'pg-boss';
import type { Db } from '../../db/database.ts';
import { AppError } from '../errors.ts';
import { recordJobItem, listJobItems } from './job-items.ts';
import type {
  ItemOutcome,
  JobDefinition,
  JobListener,
  JobOutcome,
  JobQueue,
  JobRef,
} from './job-queue.ts';
import { serializeResult } from './job-queue.ts';
import {
  failJob,
  findJobById,
  finishJob,
  insertJob,
  markJobRunning,
  saveJobProgress,
  type JobRow,
} from './job-store.ts';

export type PgBossQueueOptions = {
  db: Db;
  connectionString: string;
  /** pg-boss's own tables live in this schema (tests give each app its own). */
  schema: string;
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
  /** Take tasks in this process (ROLE=worker or all); false only enqueues (ROLE=web). */
  work: boolean;
  /** Item tasks run at once in this process (the fill pool's size is a good value). */
  concurrency: number;
  /** How long a dead instance's task waits before another takes it; pg-boss's minimum is 10. */
  heartbeatSeconds?: number;
};

// Three queues: a whole job as one task (multi-template), one task per item of a split job (a
// bulk job's records), and the split job's final task (the zip and the result).
const JOB = 'formbridge-job';
const ITEM = 'formbridge-item';
const FINISH = 'formbridge-finish';
const RETRY_LIMIT = 3;
const INSERT_CHUNK = 1000;
const WAIT_POLL_MS = 250;

type TaskData = { jobId: string };
type ItemData = { jobId: string; itemId: string };

const unexpected = 'The job failed unexpectedly';

/**
 * The job queue on PostgreSQL through pg-boss, shared by every instance on the same database.
 * Jobs rows stay the record users read; pg-boss holds the tasks. A task whose instance dies is
 * taken again once its heartbeat stops, so every handler here is idempotent: items write their
 * outcome once (job_items), forms once (derived ids), and a finished job ignores late tasks.
 */
export function createPgBossQueue(options: PgBossQueueOptions): JobQueue {
  const { db, log } = options;
  const definitions = new Map<string, JobDefinition<unknown>>();
  const listeners = new Map<string, Set<JobListener>>();
  const heartbeatSeconds = Math.max(10, options.heartbeatSeconds ?? 10);
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: options.schema,
    max: 4,
    schedule: false,
    // Expired heartbeats (a killed instance's tasks) are noticed on this beat.
    superviseIntervalSeconds: heartbeatSeconds,
    monitorIntervalSeconds: heartbeatSeconds,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  let isClosed = false;
  let started: Promise<void> | null = null;

  const emit = (event: JobProgress) => {
    for (const listener of listeners.get(event.id) ?? []) {
      listener(event);
    }
  };
  const emitRow = (
    row: Pick<JobRow, 'id' | 'total'>,
    status: JobStatus,
    done: number,
    failed: number,
  ) => emit({ id: row.id, status, done, total: row.total, failed });

  /** The job's row and checked payload, or null when the task has nothing left to do. */
  const openJob = async (jobId: string) => {
    const row = await findJobById(db, jobId);
    if (!row || isFinishedJobStatus(row.status as JobStatus)) {
      return null; // deleted, or already ended (a late or repeated task)
    }
    const definition = definitions.get(row.kind);
    if (!definition) {
      await end(row, {
        status: 'failed',
        result: null,
        error: `Unknown job kind '${row.kind}'`,
        done: row.done,
        failed: row.failed,
      });
      return null;
    }
    const payload = definition.payload.safeParse(JSON.parse(row.payload));
    if (!payload.success) {
      await end(row, {
        status: 'failed',
        result: null,
        error: 'The job payload is invalid',
        done: row.done,
        failed: row.failed,
      });
      return null;
    }
    if (row.status === 'queued') {
      await markJobRunning(db, row.id, new Date().toISOString());
    }
    const ref: JobRef<unknown> = { id: row.id, ownerId: row.owner_id, payload: payload.data };
    return { row, definition, ref };
  };

  const end = async (row: JobRow, outcome: JobOutcome) => {
    const result = serializeResult(outcome.result);
    await finishJob(db, row.id, { ...outcome, result }, new Date().toISOString());
    emitRow(row, outcome.status, outcome.done, outcome.failed);
  };

  /** An AppError is the user's to read; anything else is our bug, logged and told generically. */
  const describe = (error: unknown, jobId: string) => {
    if (error instanceof AppError && typeof error.detail === 'string') {
      return error.detail;
    }
    log.error({ err: error, jobId }, 'job failed');
    return unexpected;
  };

  const runWholeJob = async (task: Job<TaskData>) => {
    const open = await openJob(task.data.jobId);
    if (!open) {
      return;
    }
    const { row, definition, ref } = open;
    let last = { done: row.done, failed: row.failed };
    let saving: Promise<void> = Promise.resolve();
    const progress = (done: number, failed: number) => {
      last = { done, failed };
      emitRow(row, 'running', done, failed);
      saving = saving
        .then(() => saveJobProgress(db, row.id, last, new Date().toISOString()))
        .catch((error: unknown) =>
          log.error({ err: error, jobId: row.id }, 'job progress not saved'),
        );
    };
    let outcome: JobOutcome;
    try {
      // Not aborted on shutdown: a whole-job task is short, and a drain lets it finish.
      outcome = await definition.run({ ...ref, progress, signal: new AbortController().signal });
    } catch (error) {
      if (!(error instanceof AppError) && task.retryCount < RETRY_LIMIT) {
        throw error;
      }
      outcome = { status: 'failed', result: null, error: describe(error, row.id), ...last };
    }
    await saving;
    await end(row, outcome);
  };

  const runItem = async (task: Job<ItemData>) => {
    const open = await openJob(task.data.jobId);
    if (!open?.definition.split) {
      return;
    }
    const { row, definition, ref } = open;
    let outcome: ItemOutcome;
    try {
      outcome = await definition.split!.runItem(ref, task.data.itemId);
    } catch (error) {
      if (error instanceof AppError) {
        // The job cannot go on (its table or template was deleted): it ends here for every item.
        await end(row, {
          status: 'failed',
          result: null,
          error: describe(error, row.id),
          done: row.done,
          failed: row.failed,
        });
        await definition.cleanUp?.(row.id);
        return;
      }
      if (task.retryCount < RETRY_LIMIT) {
        throw error;
      }
      outcome = { ok: false, displayName: null, error: describe(error, row.id) };
    }
    const counts = await recordJobItem(
      db,
      row.id,
      task.data.itemId,
      outcome,
      new Date().toISOString(),
    );
    if (!counts) {
      return;
    }
    emitRow(row, 'running', counts.done, counts.failed);
    if (counts.done >= counts.total) {
      await sendFinish(row.id);
    }
  };

  const runFinish = async (task: Job<TaskData>) => {
    const open = await openJob(task.data.jobId);
    if (!open?.definition.split) {
      return;
    }
    const { row, definition, ref } = open;
    const items = await listJobItems(db, row.id);
    let outcome: JobOutcome;
    try {
      outcome = await definition.split!.finish(ref, items);
    } catch (error) {
      if (!(error instanceof AppError) && task.retryCount < RETRY_LIMIT) {
        throw error;
      }
      const failed = items.filter((item) => !item.ok).length;
      outcome = {
        status: 'failed',
        result: null,
        error: describe(error, row.id),
        done: items.length,
        failed,
      };
    }
    await end(row, outcome);
  };

  // The finish task's id is the job's: pg-boss ignores a second send with the same id, so the
  // last items finishing at once (or a retried last item) queue it once.
  const sendFinish = async (jobId: string) => {
    await boss.send(FINISH, { jobId }, { id: jobId });
  };

  /** Settles each task of a batch on its own: one failing record does not retry the others. */
  const each =
    <T extends object>(handler: (task: Job<T>) => Promise<void>) =>
    async (tasks: Job<T>[]): Promise<JobResult[]> =>
      Promise.all(
        tasks.map(async (task): Promise<JobResult> => {
          try {
            await handler(task);
            return { id: task.id, status: 'completed' };
          } catch (error) {
            log.error(
              { err: error, task: task.name, data: task.data },
              'job task failed; retrying',
            );
            return { id: task.id, status: 'failed', output: { message: String(error) } };
          }
        }),
      );

  const start = async () => {
    await boss.start();
    const queueOptions = { retryLimit: RETRY_LIMIT, retryDelay: 1, heartbeatSeconds };
    for (const name of [JOB, ITEM, FINISH]) {
      if (!(await boss.getQueue(name))) {
        await boss.createQueue(name, queueOptions);
      }
    }
    if (!options.work) {
      return;
    }
    const polling = { pollingIntervalSeconds: 0.5, perJobResults: true } as const;
    const batch = Math.max(1, options.concurrency);
    // Two batches in flight, so one slow form does not leave the workers idle; fetching goes on
    // without a pause while batches come back full.
    await boss.work(
      ITEM,
      { ...polling, batchSize: batch, localConcurrency: 2, burstWhenBatchFull: true },
      each(runItem),
    );
    await boss.work(JOB, { ...polling, batchSize: 1 }, each(runWholeJob));
    await boss.work(FINISH, { ...polling, batchSize: 1 }, each(runFinish));
  };
  const ready = () => (started ??= start());

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

  return {
    register: (definition) => {
      definitions.set(definition.kind, definition as JobDefinition<unknown>);
    },
    enqueue: async ({ ownerId, kind, payload, total }) => {
      if (isClosed) {
        throw new AppError(503, 'The server is shutting down; please try again in a moment');
      }
      await ready();
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
      try {
        const split = definitions.get(kind)?.split;
        const checked = definitions.get(kind)?.payload.safeParse(payload);
        if (split && checked?.success) {
          const itemIds = split.items(checked.data);
          for (let at = 0; at < itemIds.length; at += INSERT_CHUNK) {
            const chunk = itemIds.slice(at, at + INSERT_CHUNK);
            await boss.insert(
              ITEM,
              chunk.map((itemId) => ({ data: { jobId: id, itemId } })),
            );
          }
          if (itemIds.length === 0) {
            await sendFinish(id);
          }
        } else {
          await boss.send(JOB, { jobId: id });
        }
      } catch (error) {
        await failJob(db, id, 'The job could not be queued', new Date().toISOString());
        throw error;
      }
      return id;
    },
    subscribe,
    waitFor: async (jobId) => {
      // Any instance may end the job: the row is the only place to learn it.
      for (;;) {
        const row = await findJobById(db, jobId);
        if (!row || isFinishedJobStatus(row.status as JobStatus)) {
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
      }
    },
    // Nothing to recover: a task whose instance died is taken again by the queue itself.
    recoverInterrupted: async () => {
      await ready();
      return 0;
    },
    close: async () => {
      isClosed = true;
      if (started) {
        await started.catch(() => undefined);
        // Stops fetching, lets the tasks in hand finish, leaves the rest queued for others.
        await boss.stop({ graceful: true, timeout: 8000 });
      }
    },
  };
}
