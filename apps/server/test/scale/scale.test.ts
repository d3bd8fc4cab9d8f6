import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobProgress, JobResponse } from '@formbridge/contract/jobs';
import { createS3Storage } from '../../src/lib/storage/s3-storage.ts';
import {
  readZip,
  setUpGeneration,
  type GenerationSetup,
} from '../../src/modules/completed-forms/completed-forms.test-helpers.ts';
import { createUser, type TestApp, type TestUser } from '../harness.ts';
import { peakRssMb, startCluster, type Cluster } from './cluster.ts';

// `npm run test:scale`: PostgreSQL + s3rver + app processes behind nginx. A bulk job of
// SCALE_RECORDS records runs across three instances while one is killed with SIGKILL; then the
// same work is timed with 1, 2 and 3 worker processes (figures in docs/scaling.md).
const RECORDS = Number(process.env.SCALE_RECORDS ?? 500);
const TIMED_RECORDS = Number(process.env.SCALE_TIMED_RECORDS ?? 240);
const RESULTS_FILE = process.env.SCALE_RESULTS;

/** The balancer as the test helpers' app: same request shape as the harness. */
function viaBalancer(cluster: Cluster): TestApp {
  const request = async (
    method: string,
    url: string,
    options: {
      token?: string;
      json?: unknown;
      form?: Record<string, string>;
      body?: RequestInit['body'];
    } = {},
  ) => {
    const headers: Record<string, string> = {};
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    if (options.token) {
      headers.authorization = `Bearer ${options.token}`;
    }
    const response = await fetch(cluster.baseUrl + url, { method, headers, body });
    const text = await response.text();
    const parsed: unknown = response.headers.get('content-type')?.includes('json')
      ? JSON.parse(text)
      : text;
    return { status: response.status, body: parsed, headers: response.headers, text };
  };
  return { baseUrl: cluster.baseUrl, request } as unknown as TestApp;
}

async function importRecords(t: TestApp, user: TestUser, tableId: string, count: number) {
  const lines = ['first_name,last_name,age,birth,country'];
  for (let index = 0; index < count; index += 1) {
    lines.push(`Person ${index},Scale,${20 + (index % 60)},1990-01-0${1 + (index % 9)},France`);
  }
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'people.csv');
  const response = await t.request('POST', `/api/v1/dynamic-tables/${tableId}/import`, {
    token: user.token,
    body: form,
  });
  expect(response.status, response.text).toBe(201);
}

/**
 * Reads a job's server-sent events until its end event, reconnecting like a browser's
 * EventSource when the stream breaks (the instance serving it died); `onEvent` sees each one.
 */
async function followEvents(
  url: string,
  onEvent: (event: JobProgress) => void,
): Promise<{ end: JobProgress; reconnects: number }> {
  const decoder = new TextDecoder();
  for (let reconnects = 0; reconnects < 20; reconnects += 1) {
    let buffer = '';
    try {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let split = buffer.indexOf('\n\n'); split >= 0; split = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, split).split('\n');
          buffer = buffer.slice(split + 2);
          const data = lines.find((line) => line.startsWith('data: '));
          if (data) {
            const event = JSON.parse(data.slice(6)) as JobProgress;
            onEvent(event);
            if (lines.includes('event: end')) {
              return { end: event, reconnects };
            }
          }
        }
      }
    } catch {
      // The connection broke: reconnect, as EventSource does.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The event stream kept breaking');
}

async function waitForEnd(t: TestApp, user: TestUser, jobId: string, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const job = (await t.request('GET', `/api/v1/jobs/${jobId}`, { token: user.token }))
      .body as JobResponse;
    if (job.job.status === 'succeeded' || job.job.status === 'failed') {
      return job;
    }
    if (Date.now() > end) {
      throw new Error(`Job ${jobId} did not end in time: ${JSON.stringify(job.job)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(!process.env.SCALE || !process.env.TEST_DATABASE_URL)('scale out', () => {
  let cluster: Cluster;
  let t: TestApp;
  let user: TestUser;
  let setup: GenerationSetup;
  let recordIds: string[];
  let db: pg.Client;
  const figures: Record<string, unknown> = { records: RECORDS };

  beforeAll(async () => {
    cluster = await startCluster(process.env.TEST_DATABASE_URL ?? '');
    for (const name of ['a', 'b', 'c']) {
      await cluster.start(name, 'all');
    }
    await cluster.balance();
    t = viaBalancer(cluster);
    user = await createUser(t);
    setup = await setUpGeneration(t, user);
    await importRecords(t, user, setup.tableId, RECORDS);
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const rows = await db.query<{ id: string }>(
      'SELECT id FROM table_records WHERE table_id = $1 ORDER BY created_at, id',
      [setup.tableId],
    );
    recordIds = rows.rows.map((row) => row.id);
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    if (RESULTS_FILE) {
      fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(figures, null, 2)}\n`);
    }
    await cluster?.close();
  }, 60_000);

  it('finishes a bulk job across three instances when one is killed mid-job', async () => {
    expect(recordIds).toHaveLength(RECORDS);
    const started = Date.now();
    const response = await t.request(
      'POST',
      `/api/v1/completed-forms/bulk/${setup.templateId}/${setup.tableId}`,
      { token: user.token, json: { record_ids: recordIds } },
    );
    expect(response.status, response.text).toBe(202);
    const job = (response.body as JobResponse).job;
    const events: Array<{ at: number; done: number }> = [];
    let killedAt = 0;
    const victim = cluster.instances[0]!;
    const peakRss: Record<string, number | undefined> = {};
    const { end, reconnects } = await followEvents(cluster.baseUrl + job.events_url, (event) => {
      events.push({ at: Date.now(), done: event.done });
      if (!killedAt && event.done >= RECORDS / 4) {
        killedAt = Date.now();
        peakRss[victim.name] = peakRssMb(victim);
        victim.process.kill('SIGKILL');
      }
    });
    const seconds = (Date.now() - started) / 1000;
    for (const instance of cluster.instances.slice(1)) {
      peakRss[instance.name] = peakRssMb(instance);
    }
    expect(killedAt).toBeGreaterThan(0);
    expect(await victim.exited).toBeNull();
    // Progress kept coming through the balancer after the kill, and only forward.
    const afterKill = events.filter((event) => event.at > killedAt);
    expect(afterKill.length).toBeGreaterThan(2);
    expect(events.map((event) => event.done)).toEqual(
      [...events.map((event) => event.done)].sort((a, b) => a - b),
    );
    expect(end).toMatchObject({ status: 'succeeded', done: RECORDS, failed: 0 });

    // Exactly one completed form per record, and one zip entry per form.
    const forms = await db.query<{ record_id: string; file_key: string }>(
      'SELECT record_id, file_key FROM completed_forms WHERE job_id = $1',
      [job.id],
    );
    expect(forms.rows).toHaveLength(RECORDS);
    expect(new Set(forms.rows.map((row) => row.record_id))).toEqual(new Set(recordIds));
    const finished = (await t.request('GET', `/api/v1/jobs/${job.id}`, { token: user.token }))
      .body as JobResponse & { zip_download_url: string };
    const zip = await fetch(cluster.baseUrl + finished.zip_download_url);
    expect(zip.status).toBe(200);
    const entries = readZip(new Uint8Array(await zip.arrayBuffer()));
    expect(entries).toHaveLength(RECORDS);
    expect(new Set(entries.map((entry) => entry.name)).size).toBe(RECORDS);

    // No orphan object: the bucket holds exactly the files rows point at.
    const storage = createS3Storage(cluster.s3.options);
    const objects: string[] = [];
    for await (const key of storage.list('completed-forms/')) {
      objects.push(key);
    }
    const referenced = await db.query<{ file_key: string }>('SELECT file_key FROM completed_forms');
    expect(objects.sort()).toEqual(referenced.rows.map((row) => row.file_key).sort());
    const zips: string[] = [];
    for await (const key of storage.list('jobs/')) {
      zips.push(key);
    }
    // The zip and the job's result entries (result-log.ts).
    expect(zips.sort()).toEqual([`jobs/${job.id}/forms.zip`, `jobs/${job.id}/results.ndjson`]);
    figures.killed = {
      seconds,
      forms_per_second: RECORDS / seconds,
      events: events.length,
      events_after_kill: afterKill.length,
      stream_reconnects: reconnects,
      // Peak resident memory per instance (the killed one's up to its kill, at 25 %).
      peak_rss_mb: peakRss,
    };
  }, 900_000);

  it('measures throughput with 1, 2 and 3 worker processes', async () => {
    await cluster.stopInstances();
    await cluster.start('web', 'web');
    await cluster.balance();
    const ids = recordIds.slice(0, TIMED_RECORDS);
    const throughput: Array<{ workers: number; seconds: number; forms_per_second: number }> = [];
    for (const workers of [1, 2, 3]) {
      const started: string[] = [];
      for (let index = 0; index < workers; index += 1) {
        started.push(
          (await cluster.start(`w${workers}-${index}`, 'worker', { FILL_WORKERS: '1' })).name,
        );
      }
      // Workers are up once pg-boss answers; give them a moment to start polling.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const begin = Date.now();
      const response = await t.request(
        'POST',
        `/api/v1/completed-forms/bulk/${setup.templateId}/${setup.tableId}`,
        { token: user.token, json: { record_ids: ids } },
      );
      expect(response.status, response.text).toBe(202);
      const job = await waitForEnd(t, user, (response.body as JobResponse).job.id, 600_000);
      expect(job.job).toMatchObject({ status: 'succeeded', done: TIMED_RECORDS });
      const seconds = (Date.now() - begin) / 1000;
      throughput.push({ workers, seconds, forms_per_second: TIMED_RECORDS / seconds });
      for (const instance of cluster.instances.filter((one) => started.includes(one.name))) {
        instance.process.kill('SIGTERM');
        await instance.exited;
      }
    }
    figures.throughput = { records: TIMED_RECORDS, fill_workers_per_process: 1, runs: throughput };
    console.log(JSON.stringify(figures, null, 2));
    expect(throughput).toHaveLength(3);
  }, 1_800_000);
});
