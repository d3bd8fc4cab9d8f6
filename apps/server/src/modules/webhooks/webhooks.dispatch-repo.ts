import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WebhookDeliveriesTable } from '../../db/schema.ts';
import type { DeliveryRow, WebhookRow } from './webhooks.repo.ts';

// What the dispatcher reads and writes: due deliveries of active endpoints, claimed one at a time
// with a lease so two instances never send the same attempt at once.

export type DueDelivery = DeliveryRow & {
  url: string;
  secret: string;
  workspace_id: string;
  failing_since: string | null;
};

export function listDueDeliveries(db: Db, now: string, limit: number): Promise<DueDelivery[]> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .selectAll('d')
    .select(['w.url', 'w.secret', 'w.workspace_id', 'w.failing_since'])
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', now)
    .where('w.status', '=', 'active')
    .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<', now)]))
    .orderBy('d.next_attempt_at')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

/** True when this dispatcher now holds the delivery until `until`. */
export async function claimDelivery(
  db: Db,
  id: string,
  now: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: until })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function saveAttempt(
  db: Db,
  id: string,
  patch: Updateable<WebhookDeliveriesTable>,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ ...patch, locked_until: null })
    .where('id', '=', id)
    .execute();
}

/** Gives back a claimed delivery unsent (shutdown), so the next start sends it at once. */
export async function releaseDelivery(db: Db, id: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: null })
    .where('id', '=', id)
    .execute();
}

/** A success ends the endpoint's failing streak. */
export async function clearFailing(db: Db, webhookId: string): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ failing_since: null })
    .where('id', '=', webhookId)
    .where('failing_since', 'is not', null)
    .execute();
}

export async function startFailing(db: Db, webhookId: string, now: string): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ failing_since: now })
    .where('id', '=', webhookId)
    .where('failing_since', 'is', null)
    .execute();
}

/** Pauses an active endpoint; true when this call paused it (so only one e-mail goes out). */
export async function pauseFailingWebhook(
  db: Db,
  webhookId: string,
  now: string,
  reason: string,
): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({ status: 'paused', paused_reason: reason, updated_at: now })
    .where('id', '=', webhookId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findWebhookById(db: Db, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The addresses of the workspace's Owner and Admins, who hear about a paused endpoint. */
export async function listAdminEmails(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('workspace_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.email')
    .where('m.workspace_id', '=', workspaceId)
    .where('m.role', 'in', ['owner', 'admin'])
    .execute();
  return rows.map((row) => row.email);
}

/** Removes ended deliveries older than `before` (the log keeps 30 days); resolves with how many. */
export async function deleteEndedDeliveries(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('status', 'in', ['succeeded', 'failed'])
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
