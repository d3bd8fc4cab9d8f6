import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobProgress, JobResponse } from '@formbridge/contract/jobs';
import { buildApp } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';
import { createInProcessQueue } from '../../lib/jobs/in-process-queue.ts';
import { findJobById, insertJob } from '../../lib/jobs/job-store.ts';
import {
  createUser,
  DIALECTS,
  expectNotFoundForOtherUser,
  isStored,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';

const silentLog = { error: () => undefined, info: () => undefined };
// A separate queue with its own handler under a real kind name, so the API can present its jobs.
const KIND = 'bulk_generation';

describe.each(DIALECTS)('jobs on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
  });
  afterAll(() => t.close());

  function testQueue() {
    const queue = createInProcessQueue({ db: t.ctx.db, log: silentLog, progressIntervalMs: 0 });
    queue.register({
      kind: KIND,
      payload: z.object({ to: z.number(), fail: z.enum(['no', 'expected', 'crash']) }),
      run: async ({ payload, progress, signal }) => {
        let done = 0;
        for (; done < payload.to && !signal.aborted; done += 1) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          progress(done + 1, 0);
        }
        if (payload.fail === 'expected') {
          throw new AppError(409, 'The template was deleted');
        }
        if (payload.fail === 'crash') {
          throw new TypeError('boom');
        }
        // The generation jobs' results are checked through the API in their own tests.
        return { status: 'succeeded', result: null, error: null, done, failed: 0 };
      },
    });
    return queue;
  }

  it('runs jobs in order, reports progress and stores the outcome', async () => {
    const queue = testQueue();
    const events: JobProgress[] = [];
    const first = await queue.enqueue({
      ownerId: user.id,
      kind: KIND,
      payload: { to: 5, fail: 'no' },
      total: 5,
    });
    queue.subscribe(first, (event) => events.push(event));
    const second = await queue.enqueue({
      ownerId: user.id,
      kind: KIND,
      payload: { to: 2, fail: 'expected' },
      total: 2,
    });
    const third = await queue.enqueue({
      ownerId: user.id,
      kind: KIND,
      payload: { to: 1, fail: 'crash' },
      total: 1,
    });
    const invalid = await queue.enqueue({ ownerId: user.id, kind: KIND, payload: {}, total: 1 });
    await Promise.all([first, second, third, invalid].map((id) => queue.waitFor(id)));
    const rows = await Promise.all(
      [first, second, third, invalid].map((id) => findJobById(t.ctx.db, id)),
    );
    expect(rows.map((row) => [row?.status, row?.error, row?.done])).toEqual([
      ['succeeded', null, 5],
      ['failed', 'The template was deleted', 2],
      ['failed', 'The job failed unexpectedly', 1],
      ['failed', 'The job payload is invalid', 0],
    ]);
    expect(events.at(-1)).toEqual({ id: first, status: 'succeeded', done: 5, total: 5, failed: 0 });
    expect(events.map((event) => event.done)).toEqual([0, 1, 2, 3, 4, 5, 5]);
    await queue.close();
  });

  it('stops the running job on shutdown and marks it interrupted', async () => {
    const queue = testQueue();
    const id = await queue.enqueue({
      ownerId: user.id,
      kind: KIND,
      payload: { to: 1000, fail: 'no' },
      total: 1000,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await queue.close();
    const row = await findJobById(t.ctx.db, id);
    expect(row).toMatchObject({ status: 'failed', error: 'Interrupted by a server shutdown' });
    expect(row?.done).toBeLessThan(1000);
  });

  it('answers 404 for an unknown job and for another user', async () => {
    const queue = testQueue();
    const id = await queue.enqueue({
      ownerId: user.id,
      kind: KIND,
      payload: { to: 1, fail: 'no' },
      total: 1,
    });
    await queue.waitFor(id);
    await queue.close();
    const own = await t.request('GET', `/api/v1/jobs/${id}`, { token: user.token });
    expect(own.body).toMatchObject({ job: { id, kind: KIND, status: 'succeeded' } });
    await expectNotFoundForOtherUser(t, 'GET', `/api/v1/jobs/${id}`);
    const unknown = await t.request('GET', `/api/v1/jobs/${crypto.randomUUID()}`, {
      token: user.token,
    });
    expect(unknown.body).toEqual({ detail: 'Job not found' });
  });
});

// The in-process queue's restart rule, on both databases: unfinished jobs are taken up again
// (generation/resume-after-restart.test.ts runs one through); the shared queue: shared-queue.test.ts.
describe.each(DIALECTS)('restart safety on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { jobQueue: 'memory' });
  });
  afterAll(() => t.close());

  it('cleans up what a job left running wrote, then takes it up; an unreadable one fails', async () => {
    const user = await createUser(t);
    const now = new Date().toISOString();
    const jobId = crypto.randomUUID();
    await insertJob(t.ctx.db, {
      id: jobId,
      owner_id: user.id,
      kind: 'bulk_generation',
      status: 'running',
      done: 3,
      total: 10,
      failed: 0,
      payload: '{}',
      result: null,
      error: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    });
    // What a crash can leave: a zip renamed into place before the row said so, a temp file.
    await t.ctx.storage.put(`jobs/${jobId}/forms.zip`, new Uint8Array([1, 2, 3]));
    const zipKey = `jobs/${jobId}/forms.zip`;
    const tempFile = path.join(t.dataDir, 'tmp', 'half-written.part');
    fs.mkdirSync(path.dirname(tempFile), { recursive: true });
    fs.writeFileSync(tempFile, 'partial zip');

    // A new process on the same data directory and database.
    const restarted = await buildApp({ ...t.ctx.config });
    try {
      // Taken up again (in the background), but its payload cannot be read: it ends failed.
      let row = await findJobById(restarted.ctx.db, jobId);
      for (let attempt = 0; attempt < 100 && row?.status === 'running'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = await findJobById(restarted.ctx.db, jobId);
      }
      expect(row).toMatchObject({ status: 'failed', error: 'The job payload is invalid', done: 3 });
      expect(row?.finished_at).not.toBeNull();
      expect(await isStored(t, zipKey)).toBe(false);
      expect(fs.existsSync(tempFile)).toBe(false);
    } finally {
      await restarted.app.close();
    }
    const response = await t.request('GET', `/api/v1/jobs/${jobId}`, { token: user.token });
    expect((response.body as JobResponse).job).toMatchObject({
      status: 'failed',
      error: 'The job payload is invalid',
    });
  });
});
