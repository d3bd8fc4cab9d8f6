import crypto from 'node:crypto';
import type { WebhookEventBody, WebhookEventType } from '@formbridge/contract/webhooks';
import type { Db } from '../../db/database.ts';
import { newAuditEventId } from '../audit/record-audit.ts';

// The webhook outbox (issue 33): a write that other systems may want to hear about queues one
// delivery row per subscribed endpoint, in the write's own transaction. The write and its event
// commit together or not at all; the dispatcher (modules/webhooks) sends the rows afterwards.

export type WebhookEventInput = {
  type: WebhookEventType;
  /** Ids and display names of the object; never a secret, a token or a file key. */
  data: Record<string, unknown>;
};

const INSERT_CHUNK = 200;

/**
 * Queues `events` for every active endpoint of the workspace subscribed to their type. Pass the
 * transaction of the write they report, never the app's `db`. One look-up of the workspace's
 * endpoints per call, so a write of many records passes them all at once.
 */
export async function emitWebhookEvents(
  trx: Db,
  workspaceId: string,
  events: readonly WebhookEventInput[],
): Promise<void> {
  if (events.length === 0) {
    return;
  }
  const endpoints = await trx
    .selectFrom('webhooks')
    .select(['id', 'events'])
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'active')
    .execute();
  if (endpoints.length === 0) {
    return;
  }
  const subscribed = endpoints.map((endpoint) => ({
    id: endpoint.id,
    events: new Set(JSON.parse(endpoint.events) as string[]),
  }));
  const now = Date.now();
  const at = new Date(now).toISOString();
  const rows = events.flatMap((event) => {
    const body: WebhookEventBody = {
      id: newAuditEventId(now),
      type: event.type,
      created_at: at,
      workspace_id: workspaceId,
      data: event.data,
    };
    const payload = JSON.stringify(body);
    return subscribed
      .filter((endpoint) => endpoint.events.has(event.type))
      .map((endpoint) => ({
        id: crypto.randomUUID(),
        webhook_id: endpoint.id,
        event_id: body.id,
        event_type: event.type,
        payload,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: at,
        first_attempt_at: null,
        last_attempt_at: null,
        last_status_code: null,
        last_error: null,
        response_excerpt: null,
        locked_until: null,
        created_at: at,
      }));
  });
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await trx
      .insertInto('webhook_deliveries')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/** One event, as `emitWebhookEvents` queues it. */
export function emitWebhookEvent(
  trx: Db,
  workspaceId: string,
  event: WebhookEventInput,
): Promise<void> {
  return emitWebhookEvents(trx, workspaceId, [event]);
}
