import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobResponse } from '@formbridge/contract/jobs';
import { createTemplate } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  expectNotFoundForOtherUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import {
  buildTwoPageForm,
  createClient,
  fetchBytes,
  mapFields,
  pageCount,
  readFormValues,
  readZip,
  setUpGeneration,
  waitForJob,
  type GenerationSetup,
} from '../completed-forms/completed-forms.test-helpers.ts';

describe.each(DIALECTS)('bulk and multi-template generation on %s', (dialect) => {
  let sink: SmtpSink;
  let t: TestApp;
  let user: TestUser;
  let setup: GenerationSetup;
  let recordIds: string[];
  let badRecordId: string;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(dialect, { smtpUrl: sink.url });
    user = await createUser(t);
    setup = await setUpGeneration(t, user);
    recordIds = [];
    for (let index = 0; index < 30; index += 1) {
      const isBad = index === 7;
      // Two records share a name: their zip entries must still differ.
      const name = index === 29 ? 'Person 28' : `Person ${index}`;
      const record = await createClient(t, user, setup, {
        first_name: name,
        ...(isBad ? { country: 'Atlantis' } : {}),
      });
      recordIds.push(record.id);
      if (isBad) {
        badRecordId = record.id;
      }
    }
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const bulk = (body: Record<string, unknown>, query = '', token = user.token) =>
    t.request('POST', `/api/v1/completed-forms/bulk/${setup.templateId}/${setup.tableId}${query}`, {
      token,
      json: body,
    });

  it('refuses record ids that are not records of the table before starting', async () => {
    const response = await bulk({
      record_ids: [...recordIds.slice(0, 3), setup.companyId, 'no-such-id'],
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [
        {
          loc: ['body', 'record_ids', 3],
          msg: `'${setup.companyId}' is not a record of table 'Clients'`,
          type: 'value_error',
        },
        {
          loc: ['body', 'record_ids', 4],
          msg: "'no-such-id' is not a record of table 'Clients'",
          type: 'value_error',
        },
      ],
    });
    const empty = await bulk({ record_ids: [] });
    expect(empty.body).toMatchObject({ detail: [{ msg: 'Please select at least one record' }] });
    const tooMany = await bulk({ record_ids: Array.from({ length: 10_001 }, (_, i) => `r${i}`) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({
      detail: [{ msg: 'At most 10,000 records can be generated at once' }],
    });
    const forms = await t.request(
      'GET',
      `/api/v1/completed-forms/?template_id=${setup.templateId}`,
      {
        token: user.token,
      },
    );
    expect(forms.body).toEqual([]);
  });

  it('generates 30 records into forms and a zip; the one bad record is reported', async () => {
    const response = await bulk({ record_ids: recordIds }, '?wait=true');
    expect(response.status, response.text).toBe(200);
    const body = response.body as JobResponse;
    expect(body.job).toMatchObject({
      kind: 'bulk_generation',
      status: 'succeeded',
      done: 30,
      total: 30,
      failed: 1,
      error: null,
    });
    expect(body).toMatchObject({
      successful: 29,
      total: 30,
      template_name: 'Client sheet',
      table_name: 'Clients',
      record_display_name: null,
      merged_download_url: null,
    });
    expect(body.errors).toEqual([
      {
        record_id: badRecordId,
        record_display_name: 'Person 7 Lovelace',
        template_id: setup.templateId,
        template_name: 'Client sheet',
        detail: expect.stringContaining("field 'country'"),
      },
    ]);
    const results = body.results ?? [];
    expect(results.map((item) => item.record_id)).toEqual(
      recordIds.filter((id) => id !== badRecordId),
    );
    const zip = await fetchBytes(t, body.zip_download_url ?? '');
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const entries = readZip(zip.bytes);
    expect(entries).toHaveLength(29);
    const today = new Date().toISOString().slice(0, 10);
    expect(entries[0]?.name).toBe(`Person_0_Lovelace_Client_sheet_${today}.pdf`);
    expect(entries.at(-1)?.name).toBe(`Person_28_Lovelace_Client_sheet_${today}_2.pdf`);
    const first = results[0];
    const single = await fetchBytes(t, first?.file_path ?? '');
    expect(Buffer.from(single.bytes).equals(Buffer.from(entries[0]?.bytes ?? []))).toBe(true);
    expect(await readFormValues(single.bytes)).toMatchObject({ name: 'Person 0' });
    const forms = await t.request(
      'GET',
      `/api/v1/completed-forms/?template_id=${setup.templateId}`,
      {
        token: user.token,
      },
    );
    expect(forms.body).toHaveLength(29);
    expect((forms.body as Array<{ job_id: string }>)[0]?.job_id).toBe(body.job.id);
  });

  it('streams progress as server-sent events until an end event', async () => {
    const response = await bulk({ record_ids: recordIds.slice(0, 20) });
    expect(response.status).toBe(202);
    const { job } = response.body as JobResponse;
    expect(job).toMatchObject({ status: expect.stringMatching(/queued|running/), total: 20 });
    // EventSource cannot send a bearer header: the signed events_url works on its own.
    const stream = await fetch(t.baseUrl + job.events_url);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const text = await stream.text();
    const events = [...text.matchAll(/^event: (\w+)\ndata: (.*)$/gm)].map((match) => ({
      event: match[1],
      data: JSON.parse(match[2] ?? '{}') as { done: number; total: number; status: string },
    }));
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)).toEqual({
      event: 'end',
      data: { id: job.id, status: 'succeeded', done: 20, total: 20, failed: 1 },
    });
    const counts = events.map((item) => item.data.done);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    const finished = await waitForJob(t, user, job.id);
    expect(finished.successful).toBe(19);
  });

  it('sends one e-mail per record in bulk', async () => {
    const before = sink.messages.length;
    const response = await bulk(
      {
        record_ids: recordIds.slice(0, 2),
        send_email: true,
        email_recipients: 'team@example.com',
      },
      '?wait=1',
    );
    const body = response.body as JobResponse;
    expect(body.results?.map((item) => item.email_sent_to)).toEqual([
      ['team@example.com'],
      ['team@example.com'],
    ]);
    const messages = (await sink.waitForMessages(before + 2)).slice(before);
    expect(messages.map((message) => message.attachments.length)).toEqual([1, 1]);
    const tooMany = await bulk({
      record_ids: Array.from({ length: 101 }, (_, index) => `r${index}`),
      send_email: true,
      email_recipients: ['team@example.com'],
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({
      detail: [{ loc: ['body', 'send_email'], msg: expect.stringContaining('at most 100 forms') }],
    });
  });

  it('fills several templates for one record: ordered zip, merged PDF, one e-mail', async () => {
    const twoPage = await createTemplate(t, user, Buffer.from(await buildTwoPageForm()), 'Consent');
    await mapFields(t, user, twoPage.id, setup.tableId, {
      client: 'Full Name',
      signed_on: 'universal::current_date',
    });
    const record = await createClient(t, user, setup, { first_name: 'Multi' });
    const before = sink.messages.length;
    const response = await t.request(
      'POST',
      `/api/v1/completed-forms/multi-template/${setup.tableId}/${record.id}?wait=true`,
      {
        token: user.token,
        json: {
          template_ids: [twoPage.id, setup.templateId],
          merge: true,
          send_email: true,
          email_recipients: ['client@example.com'],
        },
      },
    );
    expect(response.status, response.text).toBe(200);
    const body = response.body as JobResponse;
    expect(body).toMatchObject({
      job: { kind: 'multi_template_generation', status: 'succeeded', done: 2, total: 2 },
      successful: 2,
      total: 2,
      total_templates: 2,
      record_display_name: 'Multi Lovelace',
      errors: [],
    });
    expect(body.results?.map((item) => item.template_name)).toEqual(['Consent', 'Client sheet']);
    const zip = readZip((await fetchBytes(t, body.zip_download_url ?? '')).bytes);
    expect(zip.map((entry) => entry.name.split('_')[2])).toEqual(['Consent', 'Client']);
    const merged = await fetchBytes(t, body.merged_download_url ?? '');
    expect(merged.headers.get('content-type')).toBe('application/pdf');
    expect(await pageCount(merged.bytes)).toBe(3);
    const [message] = (await sink.waitForMessages(before + 1)).slice(before);
    expect(message?.attachments.map((attachment) => attachment.filename)).toEqual(
      zip.map((entry) => entry.name),
    );
    expect(body.results?.every((item) => item.email_sent_to[0] === 'client@example.com')).toBe(
      true,
    );
  });

  it('checks the template list of a multi-template generation', async () => {
    const record = await createClient(t, user, setup);
    const unmapped = await createTemplate(
      t,
      user,
      Buffer.from(await buildTwoPageForm()),
      'Unmapped',
    );
    const call = (json: unknown) =>
      t.request('POST', `/api/v1/completed-forms/multi-template/${setup.tableId}/${record.id}`, {
        token: user.token,
        json,
      });
    const notMapped = await call({ template_ids: [setup.templateId, unmapped.id] });
    expect(notMapped.status).toBe(422);
    expect(notMapped.body).toMatchObject({
      detail: [{ loc: ['body', 'template_ids', 1], msg: expect.stringContaining('No fields') }],
    });
    const twice = await call({ template_ids: [setup.templateId, setup.templateId] });
    expect(twice.body).toMatchObject({
      detail: [{ loc: ['body', 'template_ids', 1], msg: 'This template is listed more than once' }],
    });
    const tooMany = await call({ template_ids: Array.from({ length: 21 }, (_, i) => `t${i}`) });
    expect(tooMany.body).toMatchObject({
      detail: [{ msg: 'At most 20 templates can be generated at once' }],
    });
    const unknown = await call({ template_ids: [crypto.randomUUID()] });
    expect(unknown.status).toBe(404);
  });

  it('answers 404 for another user on every job and generation endpoint', async () => {
    const response = await t.request(
      'POST',
      `/api/v1/completed-forms/multi-template/${setup.tableId}/${recordIds[0]}?wait=true`,
      { token: user.token, json: { template_ids: [setup.templateId], merge: true } },
    );
    const { job } = response.body as JobResponse;
    await expectNotFoundForOtherUser(t, 'GET', `/api/v1/jobs/${job.id}`);
    await expectNotFoundForOtherUser(t, 'GET', `/api/v1/jobs/${job.id}/events`);
    await expectNotFoundForOtherUser(t, 'GET', `/api/v1/jobs/${job.id}/zip`);
    await expectNotFoundForOtherUser(t, 'GET', `/api/v1/jobs/${job.id}/merged`);
    await expectNotFoundForOtherUser(
      t,
      'POST',
      `/api/v1/completed-forms/bulk/${setup.templateId}/${setup.tableId}`,
      { json: { record_ids: recordIds.slice(0, 1) } },
    );
    await expectNotFoundForOtherUser(
      t,
      'POST',
      `/api/v1/completed-forms/multi-template/${setup.tableId}/${recordIds[0]}`,
      { json: { template_ids: [setup.templateId] } },
    );
    expect(
      (await t.request('GET', `/api/v1/jobs/${job.id}/zip`, { token: user.token })).status,
    ).toBe(200);
  });
});
