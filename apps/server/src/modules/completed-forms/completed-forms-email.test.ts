import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedFormWithEmail } from '@formbridge/contract/completed-forms';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import {
  createClient,
  fetchBytes,
  generate,
  setUpGeneration,
  type GenerationSetup,
} from './completed-forms.test-helpers.ts';

const REFUSED = 'nobody@example.com';

describe.each(DIALECTS)('completed forms by e-mail on %s', (dialect) => {
  let sink: SmtpSink;
  let t: TestApp;
  let user: TestUser;
  let setup: GenerationSetup;
  beforeAll(async () => {
    sink = await startSmtpSink({ rejectRecipients: [REFUSED] });
    t = await startTestApp(dialect, { smtpUrl: sink.url });
    user = await createUser(t);
    setup = await setUpGeneration(t, user);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const emailForm = (id: string, recipients: unknown) =>
    t.request('POST', `/api/v1/completed-forms/${id}/email`, {
      token: user.token,
      json: { recipients },
    });

  it('e-mails a form at generation; only accepted recipients are recorded', async () => {
    const record = await createClient(t, user, setup, { first_name: 'Mailed' });
    const before = sink.messages.length;
    const form = await generate(
      t,
      user,
      setup,
      record.id,
      `?send_email=true&email_recipients=ops@example.com&email_recipients=${REFUSED}`,
    );
    expect(form.email).toEqual({ sent_to: ['ops@example.com'], rejected: [REFUSED], error: null });
    expect(form.email_sent_to).toEqual(['ops@example.com']);
    const [message] = (await sink.waitForMessages(before + 1)).slice(before);
    expect(message?.subject).toBe('Client sheet – Mailed Lovelace');
    expect(message?.text).toContain(user.email);
    const stored = await fetchBytes(t, form.download_url);
    expect(message?.attachments).toHaveLength(1);
    expect(message?.attachments[0]?.filename).toBe(form.file_name);
    expect(message?.attachments[0]?.contentType).toBe('application/pdf');
    expect(
      Buffer.from(message?.attachments[0]?.content ?? []).equals(Buffer.from(stored.bytes)),
    ).toBe(true);
  });

  it('refuses invalid recipients before generating anything', async () => {
    const record = await createClient(t, user, setup, { first_name: 'Nope' });
    const response = await t.request(
      'POST',
      `/api/v1/completed-forms/${setup.templateId}/${setup.tableId}/${record.id}` +
        '?send_email=true&email_recipients=ok@example.com,not-an-address',
      { token: user.token },
    );
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [
        {
          loc: ['query', 'email_recipients', 1],
          msg: "'not-an-address' is not a valid email address",
          type: 'value_error.email',
        },
      ],
    });
    const none = await t.request(
      'POST',
      `/api/v1/completed-forms/${setup.templateId}/${setup.tableId}/${record.id}?send_email=true`,
      { token: user.token },
    );
    expect(none.body).toMatchObject({
      detail: [{ msg: 'Please provide at least one email recipient' }],
    });
    const list = await t.request('GET', `/api/v1/completed-forms/?record_id=${record.id}`, {
      token: user.token,
    });
    expect(list.body).toEqual([]);
  });

  it('e-mails a stored form and appends the accepted recipients', async () => {
    const record = await createClient(t, user, setup, { first_name: 'Later' });
    const form = await generate(t, user, setup, record.id);
    const before = sink.messages.length;
    const first = await emailForm(form.id, ['a@example.com', 'b@example.com']);
    expect(first.status, first.text).toBe(200);
    expect((first.body as CompletedFormWithEmail).email_sent_to).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
    const second = await emailForm(form.id, `c@example.com, ${REFUSED}`);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      email_sent_to: ['a@example.com', 'b@example.com', 'c@example.com'],
      email: { sent_to: ['c@example.com'], rejected: [REFUSED], error: null },
    });
    const messages = (await sink.waitForMessages(before + 2)).slice(before);
    const stored = await fetchBytes(t, form.download_url);
    for (const message of messages) {
      expect(
        Buffer.from(message.attachments[0]?.content ?? []).equals(Buffer.from(stored.bytes)),
      ).toBe(true);
    }
  });

  it('answers 422 for invalid, missing or only refused recipients', async () => {
    const record = await createClient(t, user, setup);
    const form = await generate(t, user, setup, record.id);
    const invalid = await emailForm(form.id, ['good@example.com', 'bad@', 'worse']);
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({
      detail: [
        {
          loc: ['body', 'recipients', 1],
          msg: "'bad@' is not a valid email address",
          type: 'value_error.email',
        },
        {
          loc: ['body', 'recipients', 2],
          msg: "'worse' is not a valid email address",
          type: 'value_error.email',
        },
      ],
    });
    const empty = await emailForm(form.id, []);
    expect(empty.body).toMatchObject({
      detail: [{ msg: 'Please provide at least one email recipient' }],
    });
    const refused = await emailForm(form.id, [REFUSED]);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      detail: `The mail server refused every recipient: ${REFUSED}`,
      code: 'recipients_refused',
    });
    const detail = await t.request('GET', `/api/v1/completed-forms/${form.id}`, {
      token: user.token,
    });
    expect(detail.body).toMatchObject({ email_sent_to: [] });
  });
});

describe.each(DIALECTS)('completed forms with a broken mail server on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let setup: GenerationSetup;
  beforeAll(async () => {
    // Nothing listens on port 9 of loopback: every delivery fails to connect.
    t = await startTestApp(dialect, { smtpUrl: 'smtp://127.0.0.1:9', mailRetryDelaysMs: [20, 20] });
    user = await createUser(t);
    setup = await setUpGeneration(t, user);
  });
  afterAll(() => t.close());

  it('keeps the generated form and says the e-mail failed', async () => {
    const record = await createClient(t, user, setup);
    const form = await generate(
      t,
      user,
      setup,
      record.id,
      '?send_email=true&email_recipients=ops@example.com',
    );
    expect(form.email).toEqual({
      sent_to: [],
      rejected: [],
      error: expect.stringMatching(/^Mail could not be sent: /),
    });
    expect(form.email_sent_to).toEqual([]);
    expect((await fetchBytes(t, form.download_url)).status).toBe(200);
    // The failure stays on the form: the list of completed forms says the e-mail did not go out.
    const list = await t.request('GET', '/api/v1/completed-forms/', { token: user.token });
    const listed = (list.body as Array<{ id: string; email_error: string | null }>).find(
      (row) => row.id === form.id,
    );
    expect(listed?.email_error).toMatch(/^Mail could not be sent: /);
  });

  it('answers 502 when e-mailing a stored form fails', async () => {
    const record = await createClient(t, user, setup);
    const form = await generate(t, user, setup, record.id);
    const response = await t.request('POST', `/api/v1/completed-forms/${form.id}/email`, {
      token: user.token,
      json: { recipients: ['ops@example.com'] },
    });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      detail: expect.stringMatching(/^Mail could not be sent: /),
      code: 'mail_failed',
    });
  });
});
