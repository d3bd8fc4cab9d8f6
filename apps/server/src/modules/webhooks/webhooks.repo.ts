import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WebhookDeliveriesTable, WebhooksTable } from '../../db/schema.ts';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** The delivery log shows this many of an endpoint's newest deliveries. */
export const DELIVERY_LOG_SIZE = 100;

export async function insertWebhook(db: Db, row: WebhookRow): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

export function listWebhookRows(db: Db, workspaceId: string): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countWebhooks(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findWebhookRow(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<WebhookRow | null> {
  const row = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function updateWebhookRow(
  db: Db,
  id: string,
  patch: Updateable<WebhooksTable>,
): Promise<void> {
  await db.updateTable('webhooks').set(patch).where('id', '=', id).execute();
}

export async function deleteWebhookRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

export async function findLastDelivery(db: Db, webhookId: string): Promise<DeliveryRow | null> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export function listDeliveryRows(db: Db, webhookId: string): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('event_id', 'desc')
    .limit(DELIVERY_LOG_SIZE)
    .execute();
}

export async function findDeliveryRow(
  db: Db,
  webhookId: string,
  id: string,
): Promise<DeliveryRow | null> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Sends the delivery again from now, with a fresh 24-hour window; the event id stays. An attempt
 * in flight keeps its lease, so the same delivery is never sent twice at once.
 */
export async function resetDelivery(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now, first_attempt_at: null })
    .where('id', '=', id)
    .execute();
}
