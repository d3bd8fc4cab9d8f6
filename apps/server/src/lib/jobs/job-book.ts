import crypto from 'node:crypto';
import type { z } from 'zod';
import { isFinishedJobStatus, type JobProgress, type JobStatus } from '@formbridge/contract/jobs';
import type { Db } from '../../db/database.ts';
import { classifyStorageError } from '../error-classes.ts';
import { AppError } from '../errors.ts';
import { listJobItems, recordJobItems, type JobCounts } from './job-items.ts';
import type {
  EnqueueInput,
  JobDefinition,
  JobListener,
  JobOutcome,
  JobRef,
  StoredItem,
} from './job-queue.ts';
import { serializeResult } from './job-queue.ts';
import {
  findJobPayload,
  findJobProgress,
  findJobView,
  finishJob,
  insertJob,
  markJobRunning,
  saveJobProgress,
  type JobRow,
  type JobView,
} from './job-store.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { emitWebhookEvent, type WebhookEventInput } from '../webhooks/outbox.ts';

/** The `bulk_job.finished` webhook event of a job's end; its zip URL is signed at delivery. */
function jobFinishedEvent(
  row: Pick<JobRow, 'id' | 'total' | 'kind'>,
  outcome: JobOutcome,
): WebhookEventInput {
  const result = outcome.result as { zip?: unknown } | null;
  return {
    type: 'bulk_job.finished',
    data: {
      id: row.id,
      kind: row.kind,
      status: outcome.status,
      total: row.total,
      done: outcome.done,
      failed: outcome.failed,
      error: outcome.error,
      has_zip: typeof result === 'object' && result !== null && Boolean(result.zip),
    },
  };
}

export type JobLog = {
  error: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

/** A job a queue is about to run: its row, definition and checked payload. */
export type OpenJob = {
  /** Without its payload text (~400 KB for a 10,000-record bulk): `ref` has it parsed. */
  row: JobView;
  definition: JobDefinition<unknown>;
  ref: JobRef<unknown>;
};

export type JobBook = ReturnType<typeof createJobBook>;

const UNEXPECTED = 'The job failed unexpectedly';

/**
 * The jobs rows as both queues keep them: a job is stored queued, opened (its kind and payload
 * checked, marked running), its items recorded once each, its progress saved and pushed to
 * listeners, and ended once. The queues differ only in where and when they run the steps.
 */
export function createJobBook(db: Db, log: JobLog) {
  const listeners = new Map<string, Set<JobListener>>();

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

  /** Stores the job as queued; resolves with its new id. */
  const insert = async ({
    ownerId,
    kind,
    payload,
    total,
    audit,
  }: EnqueueInput): Promise<string> => {
    const now = new Date().toISOString();
    const id = crypto.randomUUID();
    await db.transaction().execute(async (trx) => {
      await insertJob(trx, {
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
      if (audit) {
        await recordAudit(trx, audit.actor, {
          workspaceId: ownerId,
          action: 'job.started',
          target: { kind: 'job', id, name: audit.name },
          changes: [
            { field: 'kind', before: null, after: kind },
            { field: 'items', before: null, after: String(total) },
          ],
        });
      }
    });
    return id;
  };

  const end = async (
    row: Pick<JobRow, 'id' | 'total' | 'owner_id' | 'kind'>,
    outcome: JobOutcome,
  ) => {
    const result = serializeResult(outcome.result);
    await db.transaction().execute(async (trx) => {
      // A repeated final step (a shared-queue task run twice) reports the end only once.
      const wasOpen = await findJobProgress(trx, row.id);
      await finishJob(trx, row.id, { ...outcome, result }, new Date().toISOString());
      if (wasOpen && !isFinishedJobStatus(wasOpen.status as JobStatus)) {
        await emitWebhookEvent(trx, row.owner_id, jobFinishedEvent(row, outcome));
      }
    });
    emitRow(row, outcome.status, outcome.done, outcome.failed);
  };

  /**
   * The job, checked and marked running; null when there is nothing to run: the row is gone or
   * ended (a late or repeated task), or its kind or payload is unusable (then it ends as failed).
   * `onlyQueued`: a running job is not taken again (one process owns it).
   */
  const open = async (
    jobId: string,
    definitions: ReadonlyMap<string, JobDefinition<unknown>>,
    onlyQueued: boolean,
  ): Promise<OpenJob | null> => {
    // The view first: a late or repeated task for an ended job never reads the payload text.
    const row = await findJobView(db, jobId);
    if (!row || isFinishedJobStatus(row.status as JobStatus)) {
      return null;
    }
    if (onlyQueued && row.status !== 'queued') {
      return null;
    }
    const fail = (error: string) =>
      end(row, { status: 'failed', result: null, error, done: row.done, failed: row.failed });
    const definition = definitions.get(row.kind);
    if (!definition) {
      await fail(`Unknown job kind '${row.kind}'`);
      return null;
    }
    const payloadText = await findJobPayload(db, row.id);
    if (payloadText === undefined) {
      return null; // deleted since its view was read
    }
    const payload = definition.payload.safeParse(JSON.parse(payloadText));
    if (!payload.success) {
      await fail('The job payload is invalid');
      return null;
    }
    if (row.status === 'queued') {
      await markJobRunning(db, row.id, new Date().toISOString());
    }
    emitRow(row, 'running', row.done, row.failed);
    return {
      row,
      definition,
      ref: { id: row.id, ownerId: row.owner_id, payload: payload.data },
    };
  };

  /** An AppError is the user's to read; anything else is our bug, logged and told generically. */
  const describe = (error: unknown, jobId: string): string => {
    if (error instanceof AppError && typeof error.detail === 'string') {
      return error.detail;
    }
    // A full disk or an unreachable database is the host's state, not our bug: say which.
    const classified = classifyStorageError(error);
    if (classified) {
      log.error({ err: error, jobId }, 'job failed on storage or database');
      return classified.detail;
    }
    log.error({ err: error, jobId }, 'job failed');
    return UNEXPECTED;
  };

  /** Records item outcomes once each and tells listeners the counts after them. */
  const recordItems = async (
    row: Pick<JobRow, 'id' | 'total'>,
    items: ReadonlyArray<StoredItem<unknown>>,
  ): Promise<JobCounts | undefined> => {
    const counts = await recordJobItems(db, row.id, items, new Date().toISOString());
    if (counts) {
      emitRow(row, 'running', counts.done, counts.failed);
    }
    return counts;
  };

  /**
   * Progress of a whole-job run: pushed to listeners and written to the row at most every
   * `intervalMs`, writes queued behind each other so an older count never lands after a newer.
   */
  const trackProgress = (row: JobView, intervalMs: number) => {
    let last = { done: row.done, failed: row.failed };
    let lastSavedAt = 0;
    let saving: Promise<void> = Promise.resolve();
    return {
      progress: (done: number, failed: number) => {
        last = { done, failed };
        const now = Date.now();
        if (now - lastSavedAt < intervalMs) {
          return;
        }
        lastSavedAt = now;
        emitRow(row, 'running', done, failed);
        const counts = last;
        saving = saving
          .then(() => saveJobProgress(db, row.id, counts, new Date().toISOString()))
          .catch((error: unknown) =>
            log.error({ err: error, jobId: row.id }, 'job progress not saved'),
          );
      },
      last: () => last,
      settled: () => saving,
    };
  };

  return {
    subscribe,
    /** Tells listeners a running job's counts (the row is written by `recordItems`). */
    tell: (row: Pick<JobRow, 'id' | 'total'>, done: number, failed: number) =>
      emitRow(row, 'running', done, failed),
    insert,
    open,
    end,
    describe,
    recordItems,
    listItems: <T>(jobId: string, value: z.ZodType<T>) => listJobItems(db, jobId, value),
    trackProgress,
  };
}
