import { classifyStorageError } from '../error-classes.ts';
import { AppError } from '../errors.ts';
import type { JobBook } from './job-book.ts';
import {
  JobInterruptedError,
  toStoredItem,
  type FinishedItem,
  type ItemJob,
  type ItemResult,
  type ItemRun,
  type JobOutcome,
  type JobRef,
  type StoredItem,
} from './job-queue.ts';
import type { JobView } from './job-store.ts';
import { runOrdered } from './run-ordered.ts';

// Outcomes are recorded (their deferred rows flushed, then one job_items statement) in batches:
// a statement per item was a commit per form on the thread that also serves requests.
const RECORD_BATCH = 100;

export type ItemsRunOptions<P, T, M> = {
  book: JobBook;
  job: ItemJob<P, T, M>;
  row: JobView;
  ref: JobRef<P>;
  /** Aborted on shutdown: no new item starts; those started are recorded and finished. */
  signal: AbortSignal;
  /** Outcomes are recorded at least this often while items complete. */
  recordEveryMs: number;
  /** Listeners are told the counts at most this often in between. */
  progressEveryMs: number;
  /** Told the job's counts after each record. */
  onCounts: (done: number, failed: number) => void;
};

/**
 * An item job in this process: its items in order, `concurrency` at a time, each outcome
 * recorded in the job book and handed to `finish` as it comes, so the final step (a zip) is
 * built while the items are still running. Items a previous run recorded are not run again.
 */
export async function runItemsInOrder<P, T, M>(
  options: ItemsRunOptions<P, T, M>,
): Promise<JobOutcome> {
  const { book, job, row, ref } = options;
  const itemIds = job.items(ref.payload);
  const recorded = new Map(
    (await book.listItems(row.id, job.value)).map((item) => [item.itemId, item]),
  );
  const stop = new AbortController();
  const signal = AbortSignal.any([options.signal, stop.signal]);
  const outcomes = createChannel<FinishedItem<T, M>>();

  const attempt = async (run: ItemRun<T, M>, itemId: string): Promise<ItemResult<T, M>> => {
    try {
      return await run.run(itemId);
    } catch (error) {
      if (error instanceof AppError) {
        throw error; // the job cannot go on (its table was deleted): it ends for every item
      }
      const classified = classifyStorageError(error);
      if (classified?.status === 507) {
        // A full disk fails every item after this one too: end the job, saying so, at once.
        throw new AppError(507, classified.detail);
      }
      return { ok: false, label: null, error: book.describe(error, row.id) };
    }
  };

  // Each outcome goes to `finish` at once, with what the item made, while outcomes are recorded
  // a batch at a time; the channel ends only after the last batch is recorded, so `finish`
  // never completes a job whose items are not all in the book.
  const produce = async () => {
    let pending: Array<StoredItem<T>> = [];
    let lastRecordedAt = Date.now();
    let run: ItemRun<T, M> | null = null;
    const counts = {
      done: recorded.size,
      failed: [...recorded.values()].filter((item) => !item.ok).length,
      toldAt: 0,
    };
    const tell = (ok: boolean) => {
      counts.done += 1;
      counts.failed += ok ? 0 : 1;
      const now = Date.now();
      if (now - counts.toldAt >= options.progressEveryMs) {
        counts.toldAt = now;
        book.tell(row, counts.done, counts.failed);
      }
    };
    const record = async () => {
      const batch = pending;
      pending = [];
      if (batch.length > 0 && run) {
        await run.flush();
        const stored = await book.recordItems(row, batch);
        if (stored) {
          options.onCounts(stored.done, stored.failed);
        }
      }
      lastRecordedAt = Date.now();
    };
    let handled = 0;
    try {
      const opened = await job.open(
        ref,
        recorded.size > 0 ? itemIds.filter((id) => !recorded.has(id)) : itemIds,
      );
      run = opened;
      await runOrdered(
        itemIds,
        job.concurrency,
        async (itemId): Promise<ItemResult<T, M>> =>
          recorded.get(itemId) ?? attempt(opened, itemId),
        async (itemId, result) => {
          handled += 1;
          if (recorded.has(itemId)) {
            outcomes.push(toStoredItem(itemId, result));
            return;
          }
          const stored = toStoredItem(itemId, result);
          pending.push(stored);
          outcomes.push({ ...stored, made: result.made });
          tell(stored.ok);
          if (
            pending.length >= RECORD_BATCH ||
            Date.now() - lastRecordedAt >= options.recordEveryMs
          ) {
            await record();
          }
        },
        signal,
      );
      await record();
      if (handled < itemIds.length) {
        // Shutdown stopped it early: the final step must not complete a job missing items.
        outcomes.end(new JobInterruptedError());
        return;
      }
      outcomes.end();
    } catch (error) {
      // Outcomes already returned are kept: what they made exists.
      await record().catch(() => undefined);
      outcomes.end(error);
    }
  };

  const producing = produce();
  try {
    return await job.finish(ref, outcomes);
  } catch (error) {
    stop.abort();
    throw error;
  } finally {
    await producing;
  }
}

/** An unbounded async queue: pushes never wait, the reader waits for the next value or the end. */
function createChannel<T>() {
  const buffer: T[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  let failure: { error: unknown } | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  return {
    push: (value: T) => {
      buffer.push(value);
      notify();
    },
    end: (...error: [] | [unknown]) => {
      ended = true;
      failure = error.length > 0 ? { error: error[0] } : null;
      notify();
    },
    async *[Symbol.asyncIterator](): AsyncGenerator<T> {
      for (;;) {
        if (buffer.length > 0) {
          yield buffer.shift() as T;
        } else if (ended) {
          if (failure) {
            throw failure.error;
          }
          return;
        } else {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
      }
    },
  };
}
