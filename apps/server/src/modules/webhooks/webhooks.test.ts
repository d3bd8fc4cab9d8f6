import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES } from '@formbridge/contract/api-tokens';
import { WEBHOOK_MESSAGES, type Webhook, type WebhookList } from '@formbridge/contract/webhooks';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import {
  eventOf,
  FAST_WEBHOOKS,
  subscribe,
  verifySignature,
  waitForDeliveries,
} from './webhooks.test-helpers.ts';
import { createRecord, createTable } from '../../../test/factories.ts';
import { deleteEndedDeliveries } from './webhooks.dispatch-repo.ts';
import { DELIVERY_LOG_DAYS } from './webhooks.dispatcher.ts';

describe.each(DIALECTS)('webhooks on %s', (dialect) => {
  let receiver: WebhookReceiver;
  let t: TestApp;
  let user: TestUser;
  let people: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestApp(dialect, { webhooks: FAST_WEBHOOKS });
    user = await createUser(t);
    people = (
      await createTable(t, user, { name: 'People', fields: [{ name: 'name', type: 'string' }] })
    ).id;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  const base = () => `/api/v1/workspaces/${user.id}/webhooks`;

  it('creates, lists, changes and deletes an endpoint; the secret is shown once only', async () => {
    const made = await subscribe(t, user, `${receiver.url}/ok/crud`, ['record.created']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = await t.request('GET', base(), { token: user.token });
    expect(listed.status).toBe(200);
    const mine = (listed.body as WebhookList).webhooks.find((hook) => hook.id === made.id);
    expect(mine).toMatchObject({ url: `${receiver.url}/ok/crud`, status: 'active' });
    const changed = await t.request('PATCH', `${base()}/${made.id}`, {
      token: user.token,
      json: { events: ['record.updated', 'record.created'], status: 'paused' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      events: ['record.updated', 'record.created'],
      status: 'paused',
      paused_reason: 'Paused by an Admin',
    });
    const read = await t.request('GET', `${base()}/${made.id}`, { token: user.token });
    expect((read.body as Webhook).status).toBe('paused');
    expect(listed.text + changed.text + read.text).not.toContain(made.secret);
    const audit = await t.request(
      'GET',
      `/api/v1/workspaces/${user.id}/audit?target_kind=webhook`,
      {
        token: user.token,
      },
    );
    expect(audit.text).not.toContain(made.secret);
    const deleted = await t.request('DELETE', `${base()}/${made.id}`, { token: user.token });
    expect(deleted.status).toBe(204);
    const actions = (
      (
        await t.request('GET', `/api/v1/workspaces/${user.id}/audit?target_kind=webhook`, {
          token: user.token,
        })
      ).body as { events: Array<{ action: string }> }
    ).events.map((event) => event.action);
    expect(actions).toEqual(['webhook.deleted', 'webhook.updated', 'webhook.created']);
    expect((await t.request('GET', `${base()}/${made.id}`, { token: user.token })).status).toBe(
      404,
    );
  });

  it('signs each delivery so the receiver can verify it with the secret', async () => {
    const made = await subscribe(t, user, `${receiver.url}/ok/signed`, ['record.created']);
    const record = await createRecord(t, user, people, { name: 'Signed Sam' });
    const [hook] = await receiver.waitFor((hooks) => hooks.length === 1, '/ok/signed');
    if (!hook) {
      throw new Error('no delivery');
    }
    expect(verifySignature(hook, made.secret)).toBe(true);
    expect(verifySignature({ ...hook, body: hook.body.replace('Sam', 'Tom') }, made.secret)).toBe(
      false,
    );
    expect(hook.headers['formbridge-signature']).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    const event = eventOf(hook);
    expect(hook.headers['formbridge-event-id']).toBe(event.id);
    expect(event).toMatchObject({
      type: 'record.created',
      workspace_id: user.id,
      data: { id: record.id, display_name: 'Signed Sam', table_id: people, source: 'web' },
    });
    await t.request('DELETE', `${base()}/${made.id}`, { token: user.token });
  });

  it('retries a receiver that fails 3 times: one success, one event id', async () => {
    const made = await subscribe(t, user, `${receiver.url}/fail-3/retry`, ['record.created']);
    await createRecord(t, user, people, { name: 'Retry Rita' });
    const [delivery] = await waitForDeliveries(t, user, made.id, (list) =>
      list.some((one) => one.status === 'succeeded'),
    );
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 4, last_status_code: 200 });
    const hooks = await receiver.received('/fail-3/retry');
    expect(hooks.map((hook) => hook.status)).toEqual([500, 500, 500, 200]);
    expect(new Set(hooks.map((hook) => eventOf(hook).id))).toEqual(new Set([delivery?.event_id]));
    await t.request('DELETE', `${base()}/${made.id}`, { token: user.token });
  });

  it('redelivers a delivery with the same event id', async () => {
    const made = await subscribe(t, user, `${receiver.url}/ok/again`, ['record.created']);
    await createRecord(t, user, people, { name: 'Again Ann' });
    const [delivery] = await waitForDeliveries(t, user, made.id, (list) =>
      list.some((one) => one.status === 'succeeded'),
    );
    const again = await t.request(
      'POST',
      `${base()}/${made.id}/deliveries/${delivery?.id}/redeliver`,
      { token: user.token },
    );
    expect(again.status, again.text).toBe(202);
    const hooks = await receiver.waitFor((list) => list.length === 2, '/ok/again');
    expect(hooks.map((hook) => eventOf(hook).id)).toEqual([delivery?.event_id, delivery?.event_id]);
    await t.request('DELETE', `${base()}/${made.id}`, { token: user.token });
  });

  it('refuses API tokens: endpoints are managed by a signed-in Admin', async () => {
    const made = await t.request('POST', `/api/v1/workspaces/${user.id}/tokens`, {
      token: user.token,
      json: { name: 'Integration', role: 'editor' },
    });
    expect(made.status, made.text).toBe(201);
    const token = (made.body as { token: string }).token;
    for (const [method, url] of [
      ['GET', base()],
      ['POST', base()],
    ] as const) {
      const answer = await t.request(method, url, {
        token,
        ...(method === 'POST'
          ? { json: { url: `${receiver.url}/ok/t`, events: ['record.created'] } }
          : {}),
      });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body).toMatchObject({ detail: API_TOKEN_MESSAGES.notForTokens });
    }
  });

  it('keeps ended deliveries 30 days in the log, pending ones until they end', async () => {
    const made = await subscribe(t, user, `${receiver.url}/ok/old`, ['record.created']);
    await createRecord(t, user, people, { name: 'Old Olga' });
    await waitForDeliveries(t, user, made.id, (list) => list[0]?.status === 'succeeded');
    await createRecord(t, user, people, { name: 'Waiting Will' });
    // Both delivered first: a delivery still being sent would be written back as succeeded
    // after the change below, and the sweep would then remove it too.
    const [newest] = await waitForDeliveries(
      t,
      user,
      made.id,
      (list) => list.length === 2 && list.every((delivery) => delivery.status === 'succeeded'),
    );
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    // Both made 31 days ago; the newer one is made to wait for a later attempt.
    await t.ctx.db
      .updateTable('webhook_deliveries')
      .set({ created_at: old })
      .where('webhook_id', '=', made.id)
      .execute();
    await t.ctx.db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_attempt_at: '2999-01-01T00:00:00.000Z' })
      .where('id', '=', newest?.id ?? '')
      .execute();
    const cutoff = new Date(Date.now() - DELIVERY_LOG_DAYS * 24 * 60 * 60 * 1000).toISOString();
    expect(await deleteEndedDeliveries(t.ctx.db, cutoff)).toBeGreaterThanOrEqual(1);
    const left = await waitForDeliveries(t, user, made.id, () => true);
    expect(left.map((delivery) => delivery.status)).toEqual(['pending']);
    await t.request('DELETE', `${base()}/${made.id}`, { token: user.token });
  });

  it('goes with its workspace: deleting a shared workspace takes endpoints and deliveries', async () => {
    const made = await t.request('POST', '/api/v1/workspaces', {
      token: user.token,
      json: { name: 'Short-lived' },
    });
    const workspaceId = (made.body as { id: string }).id;
    const hook = await t.request('POST', `/api/v1/workspaces/${workspaceId}/webhooks`, {
      token: user.token,
      json: { url: `${receiver.url}/down/gone`, events: ['record.created'] },
    });
    expect(hook.status, hook.text).toBe(201);
    const table = await t.request('POST', '/api/v1/dynamic-tables', {
      token: user.token,
      headers: { 'X-Workspace-Id': workspaceId },
      json: { name: 'T', fields: [{ name: 'n', type: 'string' }] },
    });
    const tableId = (table.body as { id: string }).id;
    await t.request('POST', `/api/v1/dynamic-tables/${tableId}/records`, {
      token: user.token,
      headers: { 'X-Workspace-Id': workspaceId },
      json: { data: { n: 'x' } },
    });
    await receiver.waitFor((list) => list.length >= 1, '/down/gone');
    const deleted = await t.request('DELETE', `/api/v1/workspaces/${workspaceId}`, {
      token: user.token,
    });
    expect(deleted.status, deleted.text).toBe(204);
    const left = await t.ctx.db
      .selectFrom('webhooks')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .execute();
    expect(left).toEqual([]);
  });

  it('sends nothing to a paused endpoint', async () => {
    const made = await subscribe(t, user, `${receiver.url}/ok/paused`, ['record.created']);
    await t.request('PATCH', `${base()}/${made.id}`, {
      token: user.token,
      json: { status: 'paused' },
    });
    await createRecord(t, user, people, { name: 'Quiet Quinn' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await receiver.received('/ok/paused')).toEqual([]);
  });
});

describe.each(DIALECTS)('webhook addresses on %s (WEBHOOK_ALLOW_PRIVATE unset)', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
  });
  afterAll(() => t.close());

  it('refuses private, loopback and link-local addresses and non-http URLs with 422', async () => {
    const refused = [
      'http://127.0.0.1:9/hook',
      'http://localhost/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/hook',
      'https://192.168.1.10/hook',
      'http://100.64.0.1/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[fd00::1]/hook',
      'http://0.0.0.0/hook',
    ];
    for (const url of refused) {
      const response = await t.request('POST', `/api/v1/workspaces/${user.id}/webhooks`, {
        token: user.token,
        json: { url, events: ['record.created'] },
      });
      expect(response.status, url).toBe(422);
      expect(response.body, url).toMatchObject({
        detail: [{ loc: ['body', 'url'], msg: WEBHOOK_MESSAGES.privateAddress }],
      });
    }
    const ftp = await t.request('POST', `/api/v1/workspaces/${user.id}/webhooks`, {
      token: user.token,
      json: { url: 'ftp://93.184.215.14/hook', events: ['record.created'] },
    });
    expect(ftp.status).toBe(422);
    expect(ftp.text).toContain(WEBHOOK_MESSAGES.urlScheme);
    const made = await t.request('POST', `/api/v1/workspaces/${user.id}/webhooks`, {
      token: user.token,
      json: { url: 'https://93.184.215.14/hook', events: ['record.created'] },
    });
    expect(made.status, made.text).toBe(201);
    const { id } = made.body as { id: string };
    const moved = await t.request('PATCH', `/api/v1/workspaces/${user.id}/webhooks/${id}`, {
      token: user.token,
      json: { url: 'http://127.0.0.1:8000/' },
    });
    expect(moved.status).toBe(422);

    // A host that resolved publicly when saved and privately later (DNS rebinding) is refused
    // at connection time: nothing is sent, and the log says why.
    await t.ctx.db
      .updateTable('webhooks')
      .set({ url: 'http://localhost:9/rebound' })
      .where('id', '=', id)
      .execute();
    const table = await createTable(t, user, {
      name: 'R',
      fields: [{ name: 'n', type: 'string' }],
    });
    await createRecord(t, user, table.id, { n: 'Rebound' });
    const [rebound] = await waitForDeliveries(t, user, id, (list) => (list[0]?.attempts ?? 0) >= 1);
    expect(rebound).toMatchObject({ status: 'pending', last_status_code: null });
    expect(rebound?.last_error).toMatch(/^Refused private address (127\.0\.0\.1|::1)$/);
  }, 30_000);
});
