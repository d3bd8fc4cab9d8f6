import type { JobProgress, JobStatus } from '@formbridge/contract/jobs';
import type { z } from 'zod';
import type { AuditActor } from '../audit/audit-actor.ts';

// The job queue as the rest of the app sees it. The in-process implementation runs one job at a
// time in this process (SQLite); the pg-boss one shares tasks between every instance on the same
// PostgreSQL. Jobs rows stay the durable record of status, progress and result either way.

/** What a running job gets: its row's identity, its checked payload, and a way to report. */
export type JobRunContext<P> = {
  id: string;
  ownerId: string;
  payload: P;
  /** Items handled so far and how many of them failed; cheap to call after every item. */
  progress: (done: number, failed: number) => void;
  /** Aborted when the server shuts down: stop after the current item and return. */
  signal: AbortSignal;
};

/** The text stored in jobs.result for a run's result. */
export function serializeResult(result: unknown): string | null {
  if (result === null) {
    return null;
  }
  return JSON.stringify(result);
}

/** How a run ended. `failed` means the job as a whole failed (its items report their own). */
export type JobOutcome = {
  status: Extract<JobStatus, 'succeeded' | 'failed'>;
  /** Stored as JSON. */
  result: unknown;
  error: string | null;
  done: number;
  failed: number;
};

/**
 * One kind of job, in its own file: a zod payload and either `run` (the whole job as one task)
 * or `items` (independent items, then a final step). Both queues run the same definition.
 * `cleanUp` removes what a run that never ended left behind (a half-written zip); it runs when
 * such a job is found at start.
 */
export type JobDefinition<P, T = unknown, M = unknown> = {
  kind: string;
  payload: z.ZodType<P>;
  cleanUp?: (jobId: string) => Promise<void>;
} & (
  | { run: (job: JobRunContext<P>) => Promise<JobOutcome>; items?: never }
  | { items: ItemJob<P, T, M>; run?: never }
);

/** The job a step belongs to, as an item job's functions see it. */
export type JobRef<P> = { id: string; ownerId: string; payload: P };

/** One item's outcome, stored once per (job, item) however often its step ran. */
export type ItemOutcome<T> =
  { ok: true; value: T } | { ok: false; label: string | null; error: string };

export type StoredItem<T> = ItemOutcome<T> & { itemId: string };

/**
 * An item's outcome as `run` returns it and `finish` reads it. `made` is what the item produced,
 * handed over in memory when `finish` runs in the same process (the in-process queue); it is
 * never stored, so `finish` must also work without it (reading what `value` points at).
 */
export type ItemResult<T, M> = ItemOutcome<T> & { made?: M };
export type FinishedItem<T, M> = StoredItem<T> & { made?: M };

/** Some of a job's items, opened together so what they share is loaded once. */
export type ItemRun<T, M> = {
  /** Idempotent: a step retried after a crash must not duplicate what the first one finished. */
  run: (itemId: string) => Promise<ItemResult<T, M>>;
  /** Makes durable what `run` deferred (rows written a batch at a time); the queue calls it
   * before it records the outcomes `run` returned. */
  flush: () => Promise<void>;
};

/**
 * A job as independent items plus a final step. The in-process queue runs the items in order,
 * `concurrency` at a time, and hands each outcome to `finish` as it comes; the shared
 * queue runs each item as a task on any instance and calls `finish` once all are recorded.
 * Either way `finish` reads the outcomes in the order of `items(payload)`.
 */
export type ItemJob<P, T, M = unknown> = {
  items: (payload: P) => string[];
  /** The shape of an item's value as the job book stores it (JSON). */
  value: z.ZodType<T>;
  /** Items in flight at once in one process. */
  concurrency: number;
  open: (job: JobRef<P>, itemIds: readonly string[]) => Promise<ItemRun<T, M>>;
  finish: (job: JobRef<P>, items: AsyncIterable<FinishedItem<T, M>>) => Promise<JobOutcome>;
};

export type EnqueueInput = {
  ownerId: string;
  kind: string;
  payload: unknown;
  total: number;
  /** Who started it and what it is called in the audit log (`job.started`, same transaction). */
  audit?: { actor: AuditActor; name: string };
};

export type JobListener = (event: JobProgress) => void;

export type JobQueue = {
  register: <P, T, M>(definition: JobDefinition<P, T, M>) => void;
  /** Stores the job as queued and schedules it; resolves with its id. */
  enqueue: (input: EnqueueInput) => Promise<string>;
  /** Progress events of a job until it ends; returns the unsubscribe function. */
  subscribe: (jobId: string, listener: JobListener) => () => void;
  /** Resolves once the job has ended (already ended: at once). */
  waitFor: (jobId: string) => Promise<void>;
  /**
   * Takes up the jobs a previous process left queued or running (after cleaning up what a final
   * step left half-done); resolves with how many.
   */
  recoverInterrupted: () => Promise<number>;
  /** Stops taking jobs, aborts the running one and waits for it to stop. */
  close: () => Promise<void>;
};

/**
 * Thrown into an item job's final step when shutdown stopped it before every item ran: the job
 * stays unfinished in the table (no partial zip, no e-mail) and the next start resumes it.
 */
export class JobInterruptedError extends Error {
  constructor() {
    super('Stopped by a server shutdown before every item ran');
  }
}
export const INTERRUPTED_BY_SHUTDOWN = 'Interrupted by a server shutdown';

/** The part of an item's result the job book stores (never what it made). */
export function toStoredItem<T>(itemId: string, result: ItemOutcome<T>): StoredItem<T> {
  return result.ok
    ? { itemId, ok: true, value: result.value }
    : { itemId, ok: false, label: result.label, error: result.error };
}
