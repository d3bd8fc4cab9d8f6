import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '@formbridge/contract/idempotency';
import type { JobResponse, JobsListResponse } from '@formbridge/contract/jobs';
import {
  createClient,
  setUpGeneration,
  waitForJob,
  type GenerationSetup,
} from '../src/modules/completed-forms/completed-forms.test-helpers.ts';
import { createTable } from './factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type ApiResponse,
  type TestApp,
  type TestUser,
} from './harness.ts';

// Idempotent POSTs (issue 35): a retry with the same Idempotency-Key gets the first answer and
// creates nothing twice.
describe.each(DIALECTS)('Idempotency-Key on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let setup: GenerationSetup;
  let recordIds: string[];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    setup = await setUpGeneration(t, user);
    recordIds = [];
    for (let index = 0; index < 3; index += 1) {
      recordIds.push((await createClient(t, user, setup, { first_name: `P${index}` })).id);
    }
  });
  afterAll(() => t.close());

  const post = (url: string, key: string | undefined, json?: unknown, who = user) =>
    t.request('POST', url, {
      token: who.token,
      ...(json === undefined ? {} : { json }),
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const bulkUrl = () => `/api/v1/completed-forms/bulk/${setup.templateId}/${setup.tableId}`;
  const formsOf = async (recordId: string) => {
    const response = await t.request('GET', `/api/v1/completed-forms/?record_id=${recordId}`, {
      token: user.token,
    });
    return response.body as unknown[];
  };
  const expectReplay = (first: ApiResponse, again: ApiResponse) => {
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
  };

  it('starts one bulk job for a retried request and answers the retry with the first answer', async () => {
    const body = { record_ids: recordIds };
    const key = crypto.randomUUID();
    const first = await post(bulkUrl(), key, body);
    expect(first.status, first.text).toBe(202);
    const again = await post(bulkUrl(), key, body);
    expectReplay(first, again);
    const jobId = (first.body as JobResponse).job.id;
    await waitForJob(t, user, jobId);
    const jobs = await t.request('GET', '/api/v1/jobs', { token: user.token });
    expect((jobs.body as JobsListResponse).jobs.map((job) => job.id)).toEqual([jobId]);
    expect(await formsOf(recordIds[0] ?? '')).toHaveLength(1);
  });

  it('starts one job when the same request arrives twice at once', async () => {
    const key = crypto.randomUUID();
    const body = { record_ids: recordIds.slice(0, 1) };
    const answers = await Promise.all([post(bulkUrl(), key, body), post(bulkUrl(), key, body)]);
    const statuses = answers.map((answer) => answer.status).sort();
    // The second either waits for nothing (409, still being answered) or gets the first answer.
    expect([
      [202, 202],
      [202, 409],
    ]).toContainEqual(statuses);
    const ids = new Set(
      answers.filter((answer) => answer.status === 202).map((a) => (a.body as JobResponse).job.id),
    );
    expect(ids.size).toBe(1);
  });

  it('makes one form for a retried single generation', async () => {
    const recordId = recordIds[1] ?? '';
    const url = `/api/v1/completed-forms/${setup.templateId}/${setup.tableId}/${recordId}`;
    const key = crypto.randomUUID();
    const before = (await formsOf(recordId)).length;
    const first = await post(url, key);
    expect(first.status, first.text).toBe(201);
    expectReplay(first, await post(url, key));
    expect(await formsOf(recordId)).toHaveLength(before + 1);
    // Without a key every request is a new one.
    expect((await post(url, undefined)).status).toBe(201);
    expect(await formsOf(recordId)).toHaveLength(before + 2);
  });

  it('sends one e-mail for a retried send', async () => {
    const recordId = recordIds[2] ?? '';
    const url = `/api/v1/completed-forms/${setup.templateId}/${setup.tableId}/${recordId}`;
    const form = (await post(url, undefined)).body as { id: string };
    const outbox = path.join(t.dataDir, 'outbox');
    const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0);
    const before = mails();
    const emailUrl = `/api/v1/completed-forms/${form.id}/email`;
    const body = { recipients: ['clerk@example.com'] };
    const first = await post(emailUrl, 'mail-once', body);
    expect(first.status, first.text).toBe(200);
    expectReplay(first, await post(emailUrl, 'mail-once', body));
    expect(mails()).toBe(before + 1);
  });

  it('imports a retried upload once', async () => {
    const table = await createTable(t, user, { name: 'Imported', fields: [{ name: 'name' }] });
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob(['name\nAda\nGrace\n']), 'people.csv');
      return t.request('POST', `/api/v1/dynamic-tables/${table.id}/import`, {
        token: user.token,
        body: form,
        headers: { 'idempotency-key': 'import-once' },
      });
    };
    const first = await upload();
    expect(first.status, first.text).toBe(201);
    expectReplay(first, await upload());
    const records = await t.request('GET', `/api/v1/dynamic-tables/${table.id}/records`, {
      token: user.token,
    });
    expect(records.body).toHaveLength(2);
  });

  it('refuses the same key for a different request with a 422 and starts nothing', async () => {
    const key = crypto.randomUUID();
    expect((await post(bulkUrl(), key, { record_ids: recordIds.slice(0, 1) })).status).toBe(202);
    const other = await post(bulkUrl(), key, { record_ids: recordIds.slice(1, 2) });
    expect(other.status, other.text).toBe(422);
    expect(other.body).toEqual({
      detail: IDEMPOTENCY_MESSAGES.reused,
      code: 'idempotency_key_reused',
    });
  });

  it('forgets a refused request, so the corrected retry runs', async () => {
    const key = crypto.randomUUID();
    const refused = await post(bulkUrl(), key, { record_ids: [] });
    expect(refused.status).toBe(422);
    const corrected = await post(bulkUrl(), key, { record_ids: recordIds.slice(0, 1) });
    expect(corrected.status, corrected.text).toBe(202);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keeps keys apart per user', async () => {
    const other = await createUser(t);
    const otherSetup = await setUpGeneration(t, other);
    const otherRecord = await createClient(t, other, otherSetup);
    const key = crypto.randomUUID();
    expect((await post(bulkUrl(), key, { record_ids: recordIds.slice(0, 1) })).status).toBe(202);
    const url = `/api/v1/completed-forms/bulk/${otherSetup.templateId}/${otherSetup.tableId}`;
    const theirs = await post(url, key, { record_ids: [otherRecord.id] }, other);
    expect(theirs.status, theirs.text).toBe(202);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a key that is not 1-255 visible characters', async () => {
    const response = await post(bulkUrl(), 'has spaces', { record_ids: recordIds });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      detail: [{ loc: ['headers', 'idempotency-key'], msg: IDEMPOTENCY_MESSAGES.invalidKey }],
    });
  });
});

describe.each(DIALECTS)('?wait=true past the request time on %s', (dialect) => {
  let t: TestApp;
  let impatient: TestApp;
  let user: TestUser;
  let setup: GenerationSetup;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    setup = await setUpGeneration(t, user);
    // A second server on the same data whose requests have 2 s: ?wait=true may wait until 1.5 s
    // into the request, far less than a 2,000-record job takes (300 could finish in 0.75 s on a
    // quiet machine). Under load, checking and queueing 2,000 ids alone took over 1 s: the wait
    // counts from the request's start, so the answer is still a 202 in time.
    impatient = await startTestApp(dialect, {
      dataDir: t.dataDir,
      ...(t.ctx.config.databaseSchema ? { databaseSchema: t.ctx.config.databaseSchema } : {}),
      requestTimeoutSeconds: 2,
    });
  });
  afterAll(async () => {
    await impatient.close();
    await t.close();
  });

  it('answers 202 with the running job, never 503, and the job goes on to the end', async () => {
    const form = new FormData();
    const rows = Array.from({ length: 2000 }, (_, index) => `P${index}`).join('\n');
    form.append('file', new Blob([`first_name\n${rows}\n`]), 'clients.csv');
    const imported = await t.request('POST', `/api/v1/dynamic-tables/${setup.tableId}/import`, {
      token: user.token,
      body: form,
    });
    expect(imported.status, imported.text).toBe(201);
    const records = await t.request('GET', `/api/v1/dynamic-tables/${setup.tableId}/records`, {
      token: user.token,
    });
    const ids = (records.body as Array<{ id: string }>).map((record) => record.id);
    const bulk = `/api/v1/completed-forms/bulk/${setup.templateId}/${setup.tableId}?wait=true`;
    const response = await impatient.request('POST', bulk, {
      token: user.token,
      json: { record_ids: ids },
    });
    expect(response.status, response.text).toBe(202);
    const { job } = response.body as JobResponse;
    expect(['queued', 'running']).toContain(job.status);
    const finished = await waitForJob(t, user, job.id);
    expect(finished.job.status).toBe('succeeded');
    expect(finished.successful).toBe(2000);
  }, 180_000);
});
