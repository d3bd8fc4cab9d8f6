import { isFinishedJobStatus, type JobStatus } from '@formbridge/contract/jobs';
import { PgBoss, type Job, type JobResult } from 'pg-boss';
import type { Db } from '../../db/database.ts';
import { AppError } from '../errors.ts';
import { createJobBook, type JobLog } from './job-book.ts';
import {
  toStoredItem,
  type JobDefinition,
  type JobOutcome,
  type JobQueue,
  type StoredItem,
} from './job-queue.ts';
import { failJob, findJobProgress } from './job-store.ts';

export type PgBossQueueOptions = {
  db: Db;
  connectionString: string;
  /** pg-boss's own tables live in this schema (tests give each app its own). */
  schema: string;
  log: JobLog;
  /** Take tasks in this process (ROLE=worker or all); false only enqueues (ROLE=web). */
  work: boolean;
  /** Item tasks run at once in this process (the fill pool's size is a good value). */
  concurrency: number;
  /** How long a dead instance's task waits before another takes it; pg-boss's minimum is 10. */
  heartbeatSeconds?: number;
};

// Three queues: a whole job as one task (multi-template), one task per item of an item job (a
// bulk job's records), and the item job's final task (the zip and the result).
const JOB = 'formbridge-job';
const ITEM = 'formbridge-item';
const FINISH = 'formbridge-finish';
const RETRY_LIMIT = 3;
const INSERT_CHUNK = 1000;
const WAIT_POLL_MS = 250;

type TaskData = { jobId: string };
type ItemData = { jobId: string; itemId: string };

/**
 * The job queue on PostgreSQL through pg-boss, shared by every instance on the same database.
 * Jobs rows stay the record users read; pg-boss holds the tasks. A task whose instance dies is
 * taken again once its heartbeat stops, so every handler here is idempotent: items write their
 * outcome once (job_items), forms once (derived ids), and a finished job ignores late tasks.
 */
export function createPgBossQueue(options: PgBossQueueOptions): JobQueue {
  const { db, log } = options;
  const definitions = new Map<string, JobDefinition<unknown>>();
  const book = createJobBook(db, log);
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

  // Any instance may take any task of a job, so a task opens the job whatever its state.
  const openJob = (jobId: string) => book.open(jobId, definitions, false);

  const runWholeJob = async (task: Job<TaskData>) => {
    const open = await openJob(task.data.jobId);
    if (!open?.definition.run) {
      return;
    }
    const { row, definition, ref } = open;
    const tracker = book.trackProgress(row, 0);
    let outcome: JobOutcome;
    try {
      // Not aborted on shutdown: a whole-job task is short, and a drain lets it finish.
      outcome = await definition.run({
        ...ref,
        progress: tracker.progress,
        signal: new AbortController().signal,
      });
    } catch (error) {
      if (!(error instanceof AppError) && task.retryCount < RETRY_LIMIT) {
        throw error;
      }
      outcome = {
        status: 'failed',
        result: null,
        error: book.describe(error, row.id),
        ...tracker.last(),
      };
    }
    await tracker.settled();
    await book.end(row, outcome);
  };

  const runItem = async (task: Job<ItemData>) => {
    const open = await openJob(task.data.jobId);
    const job = open?.definition.items;
    if (!open || !job) {
      return;
    }
    const { row, definition, ref } = open;
    const { itemId } = task.data;
    let item: StoredItem<unknown>;
    try {
      const run = await job.open(ref, [itemId]);
      item = toStoredItem(itemId, await run.run(itemId));
      await run.flush();
    } catch (error) {
      if (error instanceof AppError) {
        // The job cannot go on (its table or template was deleted): it ends here for every item.
        await book.end(row, {
          status: 'failed',
          result: null,
          error: book.describe(error, row.id),
          done: row.done,
          failed: row.failed,
        });
        await definition.cleanUp?.(row.id);
        return;
      }
      if (task.retryCount < RETRY_LIMIT) {
        throw error;
      }
      item = { itemId, ok: false, label: null, error: book.describe(error, row.id) };
    }
    const counts = await book.recordItems(row, [item]);
    if (counts && counts.done >= counts.total) {
      await sendFinish(row.id);
    }
  };

  const runFinish = async (task: Job<TaskData>) => {
    const open = await openJob(task.data.jobId);
    const job = open?.definition.items;
    if (!open || !job) {
      return;
    }
    const { row, ref } = open;
    const stored = await book.listItems(row.id, job.value);
    const byId = new Map(stored.map((item) => [item.itemId, item]));
    // In the order the job lists its items, as the in-process queue hands them over.
    async function* inOrder() {
      for (const itemId of job!.items(ref.payload)) {
        const item = byId.get(itemId);
        if (item) {
          yield item;
        }
      }
    }
    let outcome: JobOutcome;
    try {
      outcome = await job.finish(ref, inOrder());
    } catch (error) {
      if (!(error instanceof AppError) && task.retryCount < RETRY_LIMIT) {
        throw error;
      }
      outcome = {
        status: 'failed',
        result: null,
        error: book.describe(error, row.id),
        done: stored.length,
        failed: stored.filter((item) => !item.ok).length,
      };
    }
    await book.end(row, outcome);
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

  return {
    register: (definition) => {
      definitions.set(definition.kind, definition as JobDefinition<unknown>);
    },
    enqueue: async (input) => {
      if (isClosed) {
        throw new AppError(503, 'The server is shutting down; please try again in a moment');
      }
      await ready();
      const id = await book.insert(input);
      try {
        const definition = definitions.get(input.kind);
        const checked = definition?.payload.safeParse(input.payload);
        if (definition?.items && checked?.success) {
          const itemIds = definition.items.items(checked.data);
          for (let at = 0; at < itemIds.length; at += INSERT_CHUNK) {
            const chunk = itemIds.slice(at, at + INSERT_CHUNK);
            // Fair share: item n of every job has priority -n, so workers take the first items
            // of all queued jobs before the later items of any; a one-record job's item goes
            // ahead of the rest of a 10,000-record job queued before it.
            await boss.insert(
              ITEM,
              chunk.map((itemId, offset) => ({
                data: { jobId: id, itemId },
                priority: -(at + offset),
              })),
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
    subscribe: book.subscribe,
    waitFor: async (jobId) => {
      // Any instance may end the job: the row is the only place to learn it.
      for (;;) {
        const row = await findJobProgress(db, jobId);
        if (!row || isFinishedJobStatus(row.status as JobStatus)) {
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
      }
    },
    // Nothing to recover: a task whose instance died is taken again by the queue itself.
    recoverInterrupted: async () => {
      // Called once the start-up sweep is done, which may be after a quick close: never start then.
      if (!isClosed) {
        await ready();
      }
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
