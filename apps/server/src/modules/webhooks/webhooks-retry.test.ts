import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Webhook } from '@formbridge/contract/webhooks';
import { createRecord, createTable } from '../../../test/factories.ts';
import { createUser, DIALECTS, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { eventOf, FAST_WEBHOOKS, subscribe, waitForDeliveries } from './webhooks.test-helpers.ts';

describe.each(DIALECTS)('webhook retries on %s', (dialect) => {
  let receiver: WebhookReceiver;
  let sink: SmtpSink;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await receiver.close();
    await sink.close();
  });

  it('loses nothing when the server restarts between attempts', async () => {
    // Retries a second or so apart: the stop falls between the failed attempt and the next.
    const t = await startTestApp(dialect, {
      webhooks: { ...FAST_WEBHOOKS, retryBaseMs: 1500, retryMaxMs: 1500 },
    });
    let restarted: TestApp | undefined;
    try {
      const user = await createUser(t);
      const table = await createTable(t, user, {
        name: 'T',
        fields: [{ name: 'n', type: 'string' }],
      });
      const path = `/fail-1/restart-${dialect}`;
      const made = await subscribe(t, user, `${receiver.url}${path}`, ['record.created']);
      await createRecord(t, user, table.id, { n: 'Across a restart' });
      const [first] = await waitForDeliveries(t, user, made.id, (list) => list[0]?.attempts === 1);
      expect(first).toMatchObject({ status: 'pending', last_status_code: 500 });
      await t.app.close();

      restarted = await startTestApp(dialect, { ...t.ctx.config });
      const [done] = await waitForDeliveries(restarted, user, made.id, (list) =>
        list.some((one) => one.status === 'succeeded'),
      );
      expect(done).toMatchObject({ attempts: 2, event_id: first?.event_id });
      const hooks = await receiver.received(path);
      expect(hooks.map((hook) => hook.status)).toEqual([500, 200]);
      expect(hooks.map((hook) => eventOf(hook).id)).toEqual([first?.event_id, first?.event_id]);
    } finally {
      await restarted?.close();
      await t.close();
    }
  }, 60_000);

  it('gives a delivery up after its window, pauses an endpoint failing all along and tells its Admins', async () => {
    const t = await startTestApp(dialect, {
      smtpUrl: sink.url,
      webhooks: { ...FAST_WEBHOOKS, giveUpAfterMs: 300, pauseAfterMs: 600 },
    });
    try {
      const user = await createUser(t);
      const table = await createTable(t, user, {
        name: 'T',
        fields: [{ name: 'n', type: 'string' }],
      });
      const made = await subscribe(t, user, `${receiver.url}/down/${dialect}`, ['record.created']);
      await createRecord(t, user, table.id, { n: 'First' });
      const [failed] = await waitForDeliveries(
        t,
        user,
        made.id,
        (list) => list[0]?.status === 'failed',
      );
      expect(failed?.attempts).toBeGreaterThan(1);
      expect(failed).toMatchObject({
        last_status_code: 500,
        last_error: 'HTTP 500',
        response_excerpt: expect.stringContaining('receiver down') as unknown,
        next_attempt_at: null,
      });
      const base = `/api/v1/workspaces/${user.id}/webhooks/${made.id}`;
      expect(((await t.request('GET', base, { token: user.token })).body as Webhook).status).toBe(
        'active',
      );

      // Still failing past the pause window: paused, and the Owner hears of it.
      await new Promise((resolve) => setTimeout(resolve, 700));
      await createRecord(t, user, table.id, { n: 'Second' });
      const deadline = Date.now() + 15_000;
      let hook = (await t.request('GET', base, { token: user.token })).body as Webhook;
      while (hook.status !== 'paused' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        hook = (await t.request('GET', base, { token: user.token })).body as Webhook;
      }
      expect(hook).toMatchObject({
        status: 'paused',
        paused_reason: 'Paused automatically: every delivery failed for 24 hours',
      });
      const [mail] = await sink.waitForMessages(1);
      expect(sink.envelopes[0]?.to).toEqual([user.email]);
      expect(mail?.subject).toBe('Formbridge: a webhook endpoint was paused');
      expect(mail?.text).toContain(`${receiver.url}/down/${dialect}`);
      sink.messages.length = 0;
      sink.envelopes.length = 0;
    } finally {
      await t.close();
    }
  }, 60_000);
});
