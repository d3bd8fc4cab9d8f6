import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/config.ts';
import {
  createClient,
  generate,
  setUpGeneration,
  type GenerationSetup,
} from '../src/modules/completed-forms/completed-forms.test-helpers.ts';
import { createUser, DIALECTS, startTestApp, type TestApp, type TestUser } from './harness.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

describe('TRUST_PROXY', () => {
  it('trusts nobody unless told, and takes hop counts or address lists', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,loopback,::1')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '::1',
    ]);
  });

  it('refuses "true" and anything that is not an address', () => {
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.1/40')).toThrow(/10\.0\.0\.1\/40/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });
});

describe.each(DIALECTS)('e-mail limits on %s', (dialect) => {
  let sink: SmtpSink;
  let t: TestApp;
  let user: TestUser;
  let setup: GenerationSetup;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(
      dialect,
      {
        smtpUrl: sink.url,
        trustProxy: ['127.0.0.1'],
        mailMessagesPerDay: 3,
        mailRecipientsPerDay: 5,
      },
      {},
    );
    user = await createUser(t);
    setup = await setUpGeneration(t, user);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const emailFrom = (who: TestUser, ip: string, id: string, recipients: string[]) =>
    t.request('POST', `/api/v1/completed-forms/${id}/email`, {
      token: who.token,
      json: { recipients },
      headers: { 'x-forwarded-for': ip },
    });

  it('refuses sends past the daily recipient and message limits with 429 + Retry-After', async () => {
    const record = await createClient(t, user, setup, { first_name: 'Quota' });
    const form = await generate(t, user, setup, record.id);
    const before = sink.messages.length;
    const first = await emailFrom(user, '203.0.113.10', form.id, [
      'a@example.com',
      'b@example.com',
    ]);
    expect(first.status).toBe(200);
    // Three more recipients would make 6 > 5: refused whole, nothing sent.
    const tooMany = await emailFrom(user, '203.0.113.10', form.id, [
      'c@example.com',
      'd@example.com',
      'e@example.com',
      'f@example.com',
    ]);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body).toMatchObject({
      detail: expect.stringContaining('at most 3 messages and 5 recipients per day'),
      code: 'mail_limit',
    });
    // The refusal names the settings, so whoever reads it knows what an admin would change.
    expect(JSON.stringify(tooMany.body)).toContain('MAIL_LIMIT_RECIPIENTS_PER_DAY');
    const retryAfter = Number(tooMany.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect((await emailFrom(user, '203.0.113.10', form.id, ['c@example.com'])).status).toBe(200);
    expect((await emailFrom(user, '203.0.113.10', form.id, ['d@example.com'])).status).toBe(200);
    // Fourth message of the day: the per-user limit holds even from another address.
    const fourth = await emailFrom(user, '198.51.100.20', form.id, ['g@example.com']);
    expect(fourth.status).toBe(429);
    // Three sends to four addresses went out (one message per recipient, MAIL_RECIPIENTS=separate).
    await sink.waitForMessages(before + 4);
    expect(sink.messages.length - before).toBe(4);
  });

  it('counts per address too: new accounts from one address share its limit', async () => {
    const sender = async () => {
      const someone = await createUser(t);
      const own = await setUpGeneration(t, someone);
      const record = await createClient(t, someone, own, { first_name: 'Relay' });
      return { someone, form: await generate(t, someone, own, record.id) };
    };
    const ip = '192.0.2.77';
    for (let i = 0; i < 3; i += 1) {
      const { someone, form } = await sender();
      expect((await emailFrom(someone, ip, form.id, ['x@example.com'])).status).toBe(200);
    }
    const { someone, form } = await sender();
    const refused = await emailFrom(someone, ip, form.id, ['x@example.com']);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('refuses an e-mailing generation over the limit before generating anything', async () => {
    const other = await createUser(t);
    const own = await setUpGeneration(t, other);
    const record = await createClient(t, other, own, { first_name: 'Bulk' });
    const recipients = Array.from({ length: 6 }, (_, i) => `r${i}@example.com`).join(',');
    const response = await t.request(
      'POST',
      `/api/v1/completed-forms/${own.templateId}/${own.tableId}/${record.id}` +
        `?send_email=true&email_recipients=${recipients}`,
      { token: other.token, headers: { 'x-forwarded-for': '192.0.2.200' } },
    );
    expect(response.status).toBe(422);
    // Six recipients can never fit a limit of five: no "try again later", the setting instead.
    expect(response.body).toMatchObject({
      detail: expect.stringContaining(
        'This send has 6 recipients, more than the daily limit of 5 (MAIL_LIMIT_RECIPIENTS_PER_DAY',
      ),
    });
    expect(response.headers.get('retry-after')).toBeNull();
    const list = await t.request('GET', '/api/v1/completed-forms/', { token: other.token });
    expect(JSON.stringify(list.body)).not.toContain(record.id);
  });
});
