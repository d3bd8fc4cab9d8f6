import type { FastifyReply } from 'fastify';
import { isFinishedJobStatus, JOB_EVENTS, type JobProgress } from '@formbridge/contract/jobs';
import type { AppContext } from '../../lib/context.ts';
import { findJobProgress, type JobView } from '../../lib/jobs/job-store.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { presentJobProgress } from './jobs.presenter.ts';

/** What the jobs routes use of the runtime that runs the jobs (generation's, in app.ts). */
export type JobsRuntime = {
  queue: JobQueue;
  /** Open event streams by closer: ended on shutdown. */
  streams: Set<() => void>;
};

// Proxies and browsers drop an idle stream; a comment line now and then keeps it open.
const HEARTBEAT_MS = 15_000;
// Covers a job run by another process, and an end that happened before we subscribed.
const POLL_MS = 1_000;

const isSame = (a: JobProgress, b: JobProgress) =>
  a.status === b.status && a.done === b.done && a.failed === b.failed;

// Counts come from several sources (this process's queue, the database poll, other instances'
// tasks), and a slow read can land after a newer one; progress shown must never go back.
const isBehind = (next: JobProgress, last: JobProgress) =>
  !isFinishedJobStatus(next.status) && (next.done < last.done || next.failed < last.failed);

/**
 * Server-sent events for one job: a `progress` event at once and on every change, then one
 * `end` event with the final counts, after which the server closes the stream. The data of
 * both is `{id, status, done, total, failed}`; the result is read with GET /jobs/{id}.
 */
export function streamJobEvents(
  ctx: AppContext,
  runtime: JobsRuntime,
  row: JobView,
  reply: FastifyReply,
): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let last = presentJobProgress(row);
  let isEnded = false;
  const write = (event: string, data: JobProgress) => {
    raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const stop = () => {
    if (isEnded) {
      return;
    }
    isEnded = true;
    unsubscribe();
    clearInterval(poll);
    clearInterval(heartbeat);
    runtime.streams.delete(stop);
    raw.end();
  };
  const update = (progress: JobProgress) => {
    if (isEnded) {
      return;
    }
    if (isBehind(progress, last)) {
      return;
    }
    if (!isSame(progress, last)) {
      last = progress;
      write(JOB_EVENTS.progress, progress);
    }
    if (isFinishedJobStatus(progress.status)) {
      write(JOB_EVENTS.end, progress);
      stop();
    }
  };
  const unsubscribe = runtime.queue.subscribe(row.id, update);
  let isPolling = false;
  const poll = setInterval(() => {
    // One read at a time: under load a read can outlast the interval.
    if (isPolling) {
      return;
    }
    isPolling = true;
    findJobProgress(ctx.db, row.id)
      .then((current) => {
        if (current) {
          update(presentJobProgress(current));
        }
      })
      .catch(() => undefined)
      .finally(() => {
        isPolling = false;
      });
  }, POLL_MS);
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  runtime.streams.add(stop);
  raw.on('close', stop);
  write(JOB_EVENTS.progress, last);
  update(last);
}
