import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobResponse } from '@formbridge/contract/jobs';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { setUpGeneration, waitForJob } from '../completed-forms/completed-forms.test-helpers.ts';
import { eventOf, FAST_WEBHOOKS, subscribe } from './webhooks.test-helpers.ts';

const RECORDS = 1000;

// A bulk job of 1,000 records: one completed_form.created per form and one bulk_job.finished,
// each event exactly once by id. Kept in its own file: it takes a minute or so per database.
describe.each(DIALECTS)('webhooks of a 1,000-record bulk job on %s', (dialect) => {
  let receiver: WebhookReceiver;
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestApp(dialect, { webhooks: FAST_WEBHOOKS });
    user = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('emits 1,000 item events and one finished event', async () => {
    const setup = await setUpGeneration(t, user);
    const form = new FormData();
    const rows = Array.from({ length: RECORDS }, (_, index) => `P${index}`).join('\n');
    form.append('file', new Blob([`first_name\n${rows}\n`]), 'people.csv');
    const tableUrl = `/api/v1/dynamic-tables/${setup.tableId}`;
    const imported = await t.request('POST', `${tableUrl}/import`, {
      token: user.token,
      body: form,
    });
    expect(imported.status, imported.text).toBe(201);
    const listed = await t.request('GET', `${tableUrl}/records?limit=${RECORDS}`, {
      token: user.token,
    });
    const recordIds = (listed.body as Array<{ id: string }>).map((record) => record.id);
    expect(recordIds).toHaveLength(RECORDS);

    const path = `/ok/bulk-${dialect}`;
    await subscribe(t, user, `${receiver.url}${path}`, [
      'completed_form.created',
      'bulk_job.finished',
    ]);
    const started = await t.request(
      'POST',
      `/api/v1/completed-forms/bulk/${setup.templateId}/${setup.tableId}`,
      { token: user.token, json: { record_ids: recordIds } },
    );
    expect(started.status, started.text).toBe(202);
    const jobId = (started.body as JobResponse).job.id;
    const finished = await waitForJob(t, user, jobId);
    expect(finished.job).toMatchObject({ status: 'succeeded', done: RECORDS, failed: 0 });

    const hooks = await receiver.waitFor((list) => list.length >= RECORDS + 1, path, 120_000);
    // Nothing more trickles in after the last one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = (await receiver.received(path)).map(eventOf);
    expect(events).toHaveLength(hooks.length);
    const items = events.filter((event) => event.type === 'completed_form.created');
    const ends = events.filter((event) => event.type === 'bulk_job.finished');
    expect(items).toHaveLength(RECORDS);
    expect(new Set(items.map((event) => event.id)).size).toBe(RECORDS);
    expect(new Set(items.map((event) => event.data.record_id))).toEqual(new Set(recordIds));
    expect(items.every((event) => event.data.job_id === jobId)).toBe(true);
    expect(ends).toHaveLength(1);
    expect(ends[0]?.data).toMatchObject({ id: jobId, status: 'succeeded', done: RECORDS });
  }, 300_000);
});
