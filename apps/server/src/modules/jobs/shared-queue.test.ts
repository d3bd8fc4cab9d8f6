import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobResponse } from '@formbridge/contract/jobs';
import { buildApp, type BuiltApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import {
  createClient,
  fetchBytes,
  readZip,
  setUpGeneration,
  type GenerationSetup,
} from '../completed-forms/completed-forms.test-helpers.ts';
import { createUser, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { findJobById } from '../../lib/jobs/job-store.ts';

// The shared queue across processes: apps built on the same PostgreSQL schema stand for separate
// instances (each has its own pg-boss workers and fill pool).
const RECORDS = 24;

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) {
      throw new Error('Timed out');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('pg-boss job queue', () => {
  let web: TestApp;
  let user: TestUser;
  let setup: GenerationSetup;
  let recordIds: string[];
  const others: BuiltApp[] = [];
  const instance = async (overrides: Partial<Config>) => {
    const built = await buildApp({ ...web.ctx.config, ...overrides });
    others.push(built);
    return built;
  };

  beforeAll(async () => {
    // The app under test only takes requests: every task goes to the other instances.
    web = await startTestApp('postgres', { role: 'web' });
    user = await createUser(web);
    setup = await setUpGeneration(web, user);
    recordIds = [];
    for (let index = 0; index < RECORDS; index += 1) {
      recordIds.push((await createClient(web, user, setup, { first_name: `P${index}` })).id);
    }
  });
  afterAll(async () => {
    for (const built of others) {
      await built.app.close();
    }
    await web.close();
  });

  const startBulk = async () => {
    const response = await web.request(
      'POST',
      `/api/v1/completed-forms/bulk/${setup.templateId}/${setup.tableId}`,
      { token: user.token, json: { record_ids: recordIds } },
    );
    expect(response.status).toBe(202);
    return (response.body as JobResponse).job.id;
  };

  const expectOneFormPerRecord = async (jobId: string) => {
    const job = (await web.request('GET', `/api/v1/jobs/${jobId}`, { token: user.token }))
      .body as JobResponse & { results: Array<{ record_id: string }>; zip_download_url: string };
    expect(job.job).toMatchObject({ status: 'succeeded', done: RECORDS, failed: 0 });
    expect(job.results.map((item) => item.record_id)).toEqual(recordIds);
    const forms = await web.ctx.db
      .selectFrom('completed_forms')
      .select(['record_id', 'file_key'])
      .where('job_id', '=', jobId)
      .execute();
    expect(forms.map((form) => form.record_id).sort()).toEqual([...recordIds].sort());
    const zip = readZip((await fetchBytes(web, job.zip_download_url)).bytes);
    expect(zip).toHaveLength(RECORDS);
    const stored: string[] = [];
    for await (const key of web.ctx.storage.list('completed-forms/')) {
      stored.push(key);
    }
    for (const form of forms) {
      expect(stored).toContain(form.file_key);
    }
  };

  it('a web-only instance queues the job; a worker instance does it', async () => {
    const jobId = await startBulk();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Nobody works yet: the job waits in the queue, not failed.
    expect((await findJobById(web.ctx.db, jobId))?.status).toBe('queued');
    await instance({ role: 'worker' });
    await waitUntil(
      async () => (await findJobById(web.ctx.db, jobId))?.status === 'succeeded',
      60_000,
    );
    await expectOneFormPerRecord(jobId);
  });

  it('a shutdown drains the tasks in hand and leaves the rest for the next instance', async () => {
    for (const built of others.splice(0)) {
      await built.app.close();
    }
    const first = await instance({ role: 'worker' });
    const jobId = await startBulk();
    await waitUntil(async () => ((await findJobById(web.ctx.db, jobId))?.done ?? 0) > 0, 30_000);
    await first.app.close();
    const stopped = await findJobById(web.ctx.db, jobId);
    expect(stopped?.status).toBe('running');
    expect(stopped?.done).toBeLessThan(RECORDS);
    // Every record either done (its form stored) or still queued: nothing failed.
    expect(stopped?.failed).toBe(0);
    await instance({ role: 'all' });
    await waitUntil(
      async () => (await findJobById(web.ctx.db, jobId))?.status === 'succeeded',
      60_000,
    );
    await expectOneFormPerRecord(jobId);
  });
});
