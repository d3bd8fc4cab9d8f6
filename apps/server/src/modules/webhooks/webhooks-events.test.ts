import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import {
  createClient,
  fetchBytes,
  generate,
  setUpGeneration,
  waitForJob,
} from '../completed-forms/completed-forms.test-helpers.ts';
import { createDataLink } from '../public-data-forms/public-data-forms.test-helpers.ts';
import { setUpApplication, sharePublicForm } from '../public-forms/public-forms.test-helpers.ts';
import { eventStream, FAST_WEBHOOKS, subscribe } from './webhooks.test-helpers.ts';

// Each event type comes from its own write path, with the source of the write.
describe.each(DIALECTS)('webhook events from each write on %s', (dialect) => {
  let receiver: WebhookReceiver;
  let t: TestApp;
  let user: TestUser;
  let path = '';

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestApp(dialect, { webhooks: FAST_WEBHOOKS });
    user = await createUser(t);
    path = `/ok/events-${dialect}`;
    await subscribe(t, user, `${receiver.url}${path}`, [
      'completed_form.created',
      'bulk_job.finished',
      'record.created',
      'record.updated',
      'public_form.submitted',
      'data_link.submitted',
    ]);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** Deliveries run in parallel: events of one write arrive in any order. */
  const sorted = <T>(rows: T[]) =>
    [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  const next = eventStream(
    () => receiver,
    () => path,
  );

  it('reports records created and updated from the web, the API and an import', async () => {
    const setup = await setUpGeneration(t, user);
    // Setup: two tables' records (a company) and nothing else that is subscribed.
    await next(1);
    const record = await createClient(t, user, setup);
    const [created] = await next(1);
    expect(created).toMatchObject({
      type: 'record.created',
      workspace_id: user.id,
      data: {
        id: record.id,
        display_name: 'Ada Lovelace',
        table_id: setup.tableId,
        table_name: 'Clients',
        source: 'web',
      },
    });
    const patched = await t.request(
      'PATCH',
      `/api/v1/dynamic-tables/${setup.tableId}/records/${record.id}`,
      { token: user.token, json: { data: { country: 'Germany' } } },
    );
    expect(patched.status, patched.text).toBe(200);
    const [updated] = await next(1);
    expect(updated).toMatchObject({
      type: 'record.updated',
      data: { id: record.id, source: 'web', changed_fields: ['country'] },
    });
    // Through the API with a token: the source says so.
    const issued = await t.request('POST', `/api/v1/workspaces/${user.id}/tokens`, {
      token: user.token,
      json: { name: 'Sync', role: 'editor' },
    });
    const apiToken = (issued.body as { token: string }).token;
    const viaApi = await t.request('POST', `/api/v1/dynamic-tables/${setup.tableId}/records`, {
      token: apiToken,
      json: { data: { first_name: 'Ida' } },
    });
    expect(viaApi.status, viaApi.text).toBe(201);
    const [apiEvent] = await next(1);
    expect(apiEvent).toMatchObject({
      type: 'record.created',
      data: { display_name: 'Ida', source: 'api' },
    });
    const form = new FormData();
    form.append('file', new Blob(['first_name\nGrace\nAlan\n']), 'people.csv');
    const imported = await t.request('POST', `/api/v1/dynamic-tables/${setup.tableId}/import`, {
      token: user.token,
      body: form,
    });
    expect(imported.status, imported.text).toBe(201);
    const importedEvents = await next(2);
    expect(
      sorted(
        importedEvents.map((event) => [event.type, event.data.display_name, event.data.source]),
      ),
    ).toEqual([
      ['record.created', 'Alan', 'import'],
      ['record.created', 'Grace', 'import'],
    ]);

    // A single form: its download URL works without a token.
    const made = await generate(t, user, setup, record.id);
    const [formEvent] = await next(1);
    expect(formEvent).toMatchObject({
      type: 'completed_form.created',
      data: {
        id: (made as unknown as { id: string }).id,
        template_id: setup.templateId,
        record_id: record.id,
        record_display_name: 'Ada Lovelace',
        source: 'web',
        job_id: null,
      },
    });
    const downloadUrl = String(formEvent?.data.download_url);
    expect(downloadUrl).toMatch(/^http:\/\/localhost\/api\/v1\/completed-forms\/.+signature=/);
    const pdf = await fetchBytes(t, downloadUrl.replace('http://localhost', ''));
    expect(Buffer.from(pdf.bytes).subarray(0, 5).toString()).toBe('%PDF-');

    // A bulk job: one event per form, then one for the job.
    const started = await t.request(
      'POST',
      `/api/v1/completed-forms/bulk/${setup.templateId}/${setup.tableId}`,
      { token: user.token, json: { record_ids: [record.id] } },
    );
    const jobId = (started.body as { job: { id: string } }).job.id;
    await waitForJob(t, user, jobId);
    const jobEvents = sorted(await next(2)).sort((a) => (a.type === 'bulk_job.finished' ? 1 : -1));
    expect(jobEvents.map((event) => event.type)).toEqual([
      'completed_form.created',
      'bulk_job.finished',
    ]);
    expect(jobEvents[0]?.data).toMatchObject({ job_id: jobId, source: 'bulk_job' });
    expect(jobEvents[1]?.data).toMatchObject({
      id: jobId,
      kind: 'bulk_generation',
      status: 'succeeded',
      total: 1,
      done: 1,
      failed: 0,
    });
    expect(String(jobEvents[1]?.data.zip_download_url)).toContain(`/api/v1/jobs/${jobId}/zip?`);
  }, 60_000);

  it('reports what visitors submit through a public form and a data link', async () => {
    const app = await setUpApplication(t, user);
    // The applicant record and the company table's records made by the setup.
    const setupEvents = await next(1);
    expect(setupEvents.map((event) => event.type)).toEqual(['record.created']);
    const link = await sharePublicForm(t, user, app.templateId, app.recordId);
    const submitted = await t.request('POST', `/api/v1/public-forms/${link.token}/submit`, {
      json: { full_name: 'Cyrus Smith', agrees: true },
    });
    expect(submitted.status, submitted.text).toBe(200);
    const visitorEvents = await next(3);
    expect(sorted(visitorEvents.map((event) => [event.type, event.data.source ?? null]))).toEqual([
      ['completed_form.created', 'public_form'],
      ['public_form.submitted', null],
      ['record.updated', 'public_form'],
    ]);
    expect(
      visitorEvents.find((event) => event.type === 'public_form.submitted')?.data,
    ).toMatchObject({
      link_id: link.id,
      template_id: app.templateId,
      record_id: app.recordId,
      record_display_name: 'Cyrus Smith',
      table_name: 'Applicants',
    });
    const dataLink = await createDataLink(t, user, app.tableId, app.recordId);
    const answered = await t.request('POST', `/api/v1/public-data-forms/${dataLink.token}/submit`, {
      json: { form_data: { nickname: 'Cy' } },
    });
    expect(answered.status, answered.text).toBe(200);
    const dataEvents = await next(2);
    expect(sorted(dataEvents.map((event) => [event.type, event.data.source ?? null]))).toEqual([
      ['data_link.submitted', null],
      ['record.updated', 'data_link'],
    ]);
    expect(dataEvents.find((event) => event.type === 'data_link.submitted')?.data).toMatchObject({
      link_id: dataLink.id,
      record_id: app.recordId,
    });
  }, 60_000);
});
