import type { JobProgress, JobStatus } from '@formbridge/contract/jobs';
import type { z } from 'zod';

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
 * One kind of job, in its own file: a zod payload and an idempotent `run` (a rerun after a crash
 * must not duplicate what the first run finished). `cleanUp` removes what a run that never ended
 * left behind (a half-written zip); it runs when such a job is found at start.
 */
export type JobDefinition<P> = {
  kind: string;
  payload: z.ZodType<P>;
  run: (job: JobRunContext<P>) => Promise<JobOutcome>;
  cleanUp?: (jobId: string) => Promise<void>;
  /** How a shared queue splits the job into tasks any instance can take; absent: one task. */
  split?: SplitJob<P>;
};

/** The job a task belongs to, as a split job's functions see it. */
export type JobRef<P> = { id: string; ownerId: string; payload: P };

/** One item's outcome, stored once per (job, item) however often its task ran. */
export type ItemOutcome =
  | { ok: true; formId: string; email: { sent_to: string[]; error: string | null } | null }
  | { ok: false; displayName: string | null; error: string };

export type StoredItem = ItemOutcome & { itemId: string };

/**
 * A job as independent item tasks plus a final task. `runItem` must be idempotent (a retried task
 * runs it again after a crash); `finish` runs once every item has an outcome and builds the result
 * (the zip) from what the items stored.
 */
export type SplitJob<P> = {
  items: (payload: P) => string[];
  runItem: (job: JobRef<P>, itemId: string) => Promise<ItemOutcome>;
  finish: (job: JobRef<P>, items: StoredItem[]) => Promise<JobOutcome>;
};

export type EnqueueInput = { ownerId: string; kind: string; payload: unknown; total: number };

export type JobListener = (event: JobProgress) => void;

export type JobQueue = {
  register: <P>(definition: JobDefinition<P>) => void;
  /** Stores the job as queued and schedules it; resolves with its id. */
  enqueue: (input: EnqueueInput) => Promise<string>;
  /** Progress events of a job until it ends; returns the unsubscribe function. */
  subscribe: (jobId: string, listener: JobListener) => () => void;
  /** Resolves once the job has ended (already ended: at once). */
  waitFor: (jobId: string) => Promise<void>;
  /** Marks jobs a previous process left queued or running as failed and cleans up after them. */
  recoverInterrupted: () => Promise<number>;
  /** Stops taking jobs, aborts the running one and waits for it to stop. */
  close: () => Promise<void>;
};

export const INTERRUPTED_BY_RESTART = 'Interrupted by a server restart';
export const INTERRUPTED_BY_SHUTDOWN = 'Interrupted by a server shutdown';
