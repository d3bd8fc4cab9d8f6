import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser, DIALECTS, startTestApp, type TestApp } from '../../../test/harness.ts';
import { AppError } from '../errors.ts';
import { createInProcessQueue } from './in-process-queue.ts';
import { createJobBook } from './job-book.ts';
import { recordJobItems } from './job-items.ts';
import type { JobDefinition, JobQueue, StoredItem } from './job-queue.ts';
import { findJobById } from './job-store.ts';
import { runItemsInOrder } from './run-items.ts';

// One item job definition, run by both queues: the in-process queue (either database) and the
// shared pg-boss queue (PostgreSQL). The job knows nothing of forms: its items are numbers.
const silentLog = { error: () => undefined, info: () => undefined };
const KIND = 'bulk_generation'; // a real kind name, so the jobs table accepts it anywhere

type Payload = { items: string[]; crashOn: string | null; stopOn: string | null };
const payloadSchema = z.object({
  items: z.array(z.string()),
  crashOn: z.string().nullable(),
  stopOn: z.string().nullable(),
});

function squaresJob(seen: { ran: string[]; finished: Array<Array<StoredItem<number>>> }) {
  const definition: JobDefinition<Payload, number> = {
    kind: KIND,
    payload: payloadSchema,
    items: {
      items: (payload) => payload.items,
      value: z.number(),
      concurrency: 3,
      open: async (job) => ({
        run: async (itemId) => {
          seen.ran.push(itemId);
          // Later items finish sooner: the order handed to finish must still be the items'.
          await new Promise((resolve) => setTimeout(resolve, 30 - Number(itemId)));
          if (itemId === job.payload.stopOn) {
            throw new AppError(409, 'The table was deleted');
          }
          if (itemId === job.payload.crashOn) {
            throw new TypeError('boom');
          }
          if (itemId === 'full') {
            throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
              code: 'ENOSPC',
            });
          }
          const n = Number(itemId);
          return Number.isNaN(n)
            ? { ok: false, label: `item ${itemId}`, error: 'Not a number' }
            : { ok: true, value: n * n };
        },
        flush: async () => undefined,
      }),
      finish: async (job, items) => {
        const list: Array<StoredItem<number>> = [];
        for await (const item of items) {
          list.push(item);
        }
        seen.finished.push(list);
        const failed = list.filter((item) => !item.ok).length;
        return {
          status: 'succeeded',
          result: { count: list.length },
          error: null,
          done: list.length,
          failed,
        };
      },
    },
  };
  return definition;
}

type QueueMaker = (t: TestApp) => Promise<JobQueue>;

const inProcess: QueueMaker = async (t) =>
  createInProcessQueue({ db: t.ctx.db, log: silentLog, progressIntervalMs: 0 });

const shared: QueueMaker = async (t) => {
  const { createPgBossQueue } = await import('./pg-boss-queue.ts');
  return createPgBossQueue({
    db: t.ctx.db,
    connectionString: process.env.TEST_DATABASE_URL as string,
    schema: t.ctx.config.databaseSchema as string,
    log: silentLog,
    work: true,
    concurrency: 3,
  });
};

const CASES: Array<[string, 'sqlite' | 'postgres', QueueMaker]> = DIALECTS.map((dialect) => [
  `in-process queue on ${dialect}`,
  dialect,
  inProcess,
]);
if (process.env.TEST_DATABASE_URL) {
  CASES.push(['shared queue on postgres', 'postgres', shared]);
}

describe.each(CASES)('an item job on the %s', (_name, dialect, makeQueue) => {
  let t: TestApp;
  let ownerId: string;
  let queue: JobQueue;
  const seen = { ran: [] as string[], finished: [] as Array<Array<StoredItem<number>>> };
  beforeAll(async () => {
    // The app's own queue runs in process, so the shared queue made here is the only worker.
    t = await startTestApp(dialect, { jobQueue: 'memory' });
    ownerId = (await createUser(t)).id;
    queue = await makeQueue(t);
    queue.register(squaresJob(seen));
  });
  afterAll(async () => {
    await queue.close();
    await t.close();
  });

  const runJob = async (payload: Payload) => {
    seen.ran = [];
    seen.finished = [];
    const id = await queue.enqueue({ ownerId, kind: KIND, payload, total: payload.items.length });
    await queue.waitFor(id);
    return { id, row: await findJobById(t.ctx.db, id) };
  };

  it('records each outcome once and finishes with them in the order of the items', async () => {
    const { row } = await runJob({ items: ['1', '2', 'x', '4', '5'], crashOn: '4', stopOn: null });
    expect(row).toMatchObject({ status: 'succeeded', done: 5, failed: 2, error: null });
    expect(JSON.parse(row?.result ?? 'null')).toEqual({ count: 5 });
    expect(seen.finished).toEqual([
      [
        { itemId: '1', ok: true, value: 1 },
        { itemId: '2', ok: true, value: 4 },
        { itemId: 'x', ok: false, label: 'item x', error: 'Not a number' },
        { itemId: '4', ok: false, label: null, error: 'The job failed unexpectedly' },
        { itemId: '5', ok: true, value: 25 },
      ],
    ]);
  });

  it('ends the whole job when an item says it cannot go on', async () => {
    const { row } = await runJob({ items: ['1', '2', '3'], crashOn: null, stopOn: '2' });
    expect(row).toMatchObject({ status: 'failed', error: 'The table was deleted' });
  });

  it('says the disk is full, not "failed unexpectedly", when storing runs out of space', async () => {
    const { row } = await runJob({ items: ['1', 'full', '3'], crashOn: null, stopOn: null });
    // In process the job ends at once; the shared queue records the item's failure.
    const itemErrors = seen.finished.flat().map((item) => (item.ok ? '' : item.error));
    const told = [row?.error ?? '', ...itemErrors].join(' ');
    expect(told).toContain('run out of disk space');
    expect(told).not.toContain('unexpectedly');
  });

  it(
    "finishes another owner's one-item job before large jobs queued ahead of it",
    { timeout: 120_000 },
    async () => {
      // Items of ~30 ms each ('0.001'… are distinct ids whose squares are about 0).
      const large = {
        items: Array.from({ length: 60 }, (_, n) => `0.${String(n + 1).padStart(3, '0')}`),
      };
      const payload = { ...large, crashOn: null, stopOn: null };
      const first = await queue.enqueue({ ownerId, kind: KIND, payload, total: 60 });
      const second = await queue.enqueue({ ownerId, kind: KIND, payload, total: 60 });
      const otherOwner = (await createUser(t)).id;
      const small = await queue.enqueue({
        ownerId: otherOwner,
        kind: KIND,
        payload: { items: ['0.5'], crashOn: null, stopOn: null },
        total: 1,
      });
      await queue.waitFor(small);
      expect(await findJobById(t.ctx.db, small)).toMatchObject({ status: 'succeeded', done: 1 });
      // Without a fair share it would have waited for all 120 items of the two large jobs.
      expect((await findJobById(t.ctx.db, second))?.status).not.toBe('succeeded');
      await Promise.all([queue.waitFor(first), queue.waitFor(second)]);
    },
  );
});

describe.each(DIALECTS)('an item job rerun in process on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { jobQueue: 'memory' });
  });
  afterAll(() => t.close());

  it('runs only the items a previous run did not record, and counts each once', async () => {
    const seen = { ran: [] as string[], finished: [] as Array<Array<StoredItem<number>>> };
    const definition = squaresJob(seen);
    const book = createJobBook(t.ctx.db, silentLog);
    const payload: Payload = { items: ['1', '2', '3', '4'], crashOn: null, stopOn: null };
    const ownerId = (await createUser(t)).id;
    const id = await book.insert({ ownerId, kind: KIND, payload, total: 4 });
    // What an interrupted run left: two items recorded, one of them written twice.
    const now = new Date().toISOString();
    await recordJobItems(t.ctx.db, id, [{ itemId: '2', ok: true, value: 4 }], now);
    const counts = await recordJobItems(
      t.ctx.db,
      id,
      [
        { itemId: '1', ok: true, value: 1 },
        { itemId: '2', ok: true, value: 4 },
      ],
      now,
    );
    expect(counts).toMatchObject({ done: 2, failed: 0 });

    const open = await book.open(id, new Map([[KIND, definition as JobDefinition<unknown>]]), true);
    const outcome = await runItemsInOrder({
      book,
      job: definition.items,
      row: open!.row,
      ref: { id, ownerId, payload },
      signal: new AbortController().signal,
      recordEveryMs: 0,
      progressEveryMs: 0,
      onCounts: () => undefined,
    });
    expect(seen.ran.sort()).toEqual(['3', '4']);
    expect(seen.finished[0]?.map((item) => item.itemId)).toEqual(['1', '2', '3', '4']);
    expect(outcome).toMatchObject({ status: 'succeeded', done: 4 });
    expect(await findJobById(t.ctx.db, id)).toMatchObject({ done: 4, failed: 0 });
  });
});

describe.each(DIALECTS)('recovery at start on %s (in-process queue)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { jobQueue: 'memory' });
  });
  afterAll(() => t.close());

  it('takes up only the jobs a previous process left, not those queued since the start', async () => {
    const seen = { ran: [] as string[], finished: [] as Array<Array<StoredItem<number>>> };
    const cleaned: string[] = [];
    const queue = createInProcessQueue({ db: t.ctx.db, log: silentLog, progressIntervalMs: 0 });
    queue.register({ ...squaresJob(seen), cleanUp: async (jobId) => void cleaned.push(jobId) });
    const ownerId = (await createUser(t)).id;
    const items = ['1', '2', '3', '4', '5', '6'];
    const id = await queue.enqueue({
      ownerId,
      kind: KIND,
      payload: { items, crashOn: null, stopOn: null },
      total: items.length,
    });
    // Recovery runs after the start-up sweep, when this job is already in hand.
    expect(await queue.recoverInterrupted()).toBe(0);
    await queue.waitFor(id);
    expect(cleaned).toEqual([]);
    expect(seen.ran.sort()).toEqual(items);
    expect(await findJobById(t.ctx.db, id)).toMatchObject({ status: 'succeeded', done: 6 });
    await queue.close();
  });
});
