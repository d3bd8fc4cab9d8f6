import crypto from 'node:crypto';
import { expect } from 'vitest';
import type {
  WebhookCreated,
  WebhookDelivery,
  WebhookEventBody,
  WebhookEventType,
} from '@formbridge/contract/webhooks';
import type { TestApp, TestUser } from '../../../test/harness.ts';
import type { ReceivedHook, WebhookReceiver } from '../../../test/webhook-receiver.ts';

// Shared by the webhook test files.

/** Delivery settings fast enough for tests; 127.0.0.1 receivers need private addresses allowed. */
export const FAST_WEBHOOKS = {
  allowPrivate: true,
  retryBaseMs: 40,
  retryMaxMs: 200,
  pollMs: 25,
  timeoutMs: 5000,
};

export async function subscribe(
  t: TestApp,
  user: TestUser,
  url: string,
  events: WebhookEventType[],
): Promise<WebhookCreated> {
  const response = await t.request('POST', `/api/v1/workspaces/${user.id}/webhooks`, {
    token: user.token,
    json: { url, events },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as WebhookCreated;
}

export async function listDeliveries(
  t: TestApp,
  user: TestUser,
  webhookId: string,
): Promise<WebhookDelivery[]> {
  const response = await t.request(
    'GET',
    `/api/v1/workspaces/${user.id}/webhooks/${webhookId}/deliveries`,
    { token: user.token },
  );
  expect(response.status, response.text).toBe(200);
  return (response.body as { deliveries: WebhookDelivery[] }).deliveries;
}

/** Polls the delivery log until `done` holds. */
export async function waitForDeliveries(
  t: TestApp,
  user: TestUser,
  webhookId: string,
  done: (deliveries: WebhookDelivery[]) => boolean,
  timeoutMs = 20_000,
): Promise<WebhookDelivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const deliveries = await listDeliveries(t, user, webhookId);
    if (done(deliveries)) {
      return deliveries;
    }
    if (Date.now() > deadline) {
      throw new Error(`deliveries not as expected: ${JSON.stringify(deliveries).slice(0, 800)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const eventOf = (hook: ReceivedHook) => JSON.parse(hook.body) as WebhookEventBody;

/**
 * Reads a receiver's events under `path` (both read at each call: tests set them in `beforeAll`)
 * in arrival batches: each call resolves with the events received since the last one, once
 * `count` more have arrived (deliveries run in parallel: one write's events come in any order).
 */
export function eventStream(receiver: () => WebhookReceiver, path: () => string) {
  let seen = 0;
  return async (count: number): Promise<WebhookEventBody[]> => {
    const hooks = await receiver().waitFor((list) => list.length >= seen + count, path());
    const events = hooks.slice(seen).map(eventOf);
    seen = hooks.length;
    return events;
  };
}

/** What a receiver does: recompute HMAC-SHA256(secret, "t.body") and compare in constant time. */
export function verifySignature(hook: ReceivedHook, secret: string): boolean {
  const header = String(hook.headers['formbridge-signature'] ?? '');
  const parts = Object.fromEntries(
    header.split(',').map((part) => part.split('=') as [string, string]),
  );
  const expected = crypto
    .createHmac('sha256', secret)
    .update(`${parts.t}.${hook.body}`)
    .digest('hex');
  const given = Buffer.from(parts.v1 ?? '');
  return given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected));
}
