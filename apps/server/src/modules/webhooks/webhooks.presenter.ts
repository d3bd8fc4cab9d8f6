import type { Webhook, WebhookDelivery, WebhookEventType } from '@formbridge/contract/webhooks';
import type { DeliveryRow, WebhookRow } from './webhooks.repo.ts';

/** An endpoint as the API shows it: never its secret. */
export function presentWebhook(row: WebhookRow, last: DeliveryRow | null): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    status: row.status,
    paused_reason: row.paused_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_delivery: last
      ? {
          status: last.status,
          at: last.last_attempt_at,
          last_status_code: toNumberOrNull(last.last_status_code),
        }
      : null,
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event: row.event_type as WebhookEventType,
    status: row.status,
    attempts: Number(row.attempts),
    last_status_code: toNumberOrNull(row.last_status_code),
    last_error: row.last_error,
    response_excerpt: row.response_excerpt,
    created_at: row.created_at,
    last_attempt_at: row.last_attempt_at,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
  };
}

function toNumberOrNull(value: number | null): number | null {
  return value === null ? null : Number(value);
}
