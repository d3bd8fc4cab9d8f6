import crypto from 'node:crypto';
import {
  WEBHOOK_MESSAGES,
  WEBHOOKS_PER_WORKSPACE_MAX,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEventType,
} from '@formbridge/contract/webhooks';
import type { Db } from '../../db/database.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { checkPublicHost, PrivateAddressError } from '../../lib/webhooks/address-guard.ts';
import { newWebhookSecret } from '../../lib/webhooks/signature.ts';
import { presentDelivery, presentWebhook } from './webhooks.presenter.ts';
import {
  countWebhooks,
  deleteWebhookRow,
  findDeliveryRow,
  findLastDelivery,
  findWebhookRow,
  insertWebhook,
  listDeliveryRows,
  listWebhookRows,
  resetDelivery,
  updateWebhookRow,
  type WebhookRow,
} from './webhooks.repo.ts';

const describe = (row: Pick<WebhookRow, 'url' | 'events' | 'status'>) => ({
  url: row.url,
  events: (JSON.parse(row.events) as string[]).join(', '),
  status: row.status,
});
const target = (row: Pick<WebhookRow, 'id' | 'url'>) => ({
  kind: 'webhook' as const,
  id: row.id,
  name: row.url,
});

/** Refuses a URL whose host is (or resolves to) a private address, unless allowed (SSRF). */
async function checkUrl(ctx: AppContext, url: string): Promise<void> {
  if (ctx.config.webhooks?.allowPrivate) {
    return;
  }
  try {
    await checkPublicHost(url);
  } catch (error) {
    const msg =
      error instanceof PrivateAddressError
        ? WEBHOOK_MESSAGES.privateAddress
        : WEBHOOK_MESSAGES.unresolvable;
    throw validationError([{ loc: ['body', 'url'], msg, type: 'value_error' }]);
  }
}

async function requireWebhook(db: Db, workspaceId: string, id: string): Promise<WebhookRow> {
  const row = await findWebhookRow(db, workspaceId, id);
  if (!row) {
    throw notFound('Webhook');
  }
  return row;
}

export async function createWebhook(
  ctx: AppContext,
  scope: AuditScope,
  body: { url: string; events: WebhookEventType[] },
): Promise<WebhookCreated> {
  await checkUrl(ctx, body.url);
  const now = new Date().toISOString();
  const row: WebhookRow = {
    id: crypto.randomUUID(),
    workspace_id: scope.workspaceId,
    url: body.url,
    events: JSON.stringify(body.events),
    secret: newWebhookSecret(),
    status: 'active',
    paused_reason: null,
    failing_since: null,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    if ((await countWebhooks(trx, scope.workspaceId)) >= WEBHOOKS_PER_WORKSPACE_MAX) {
      throw new AppError(409, WEBHOOK_MESSAGES.tooMany);
    }
    await insertWebhook(trx, row);
    await auditWrite(trx, scope, {
      action: 'webhook.created',
      target: target(row),
      after: describe(row),
    });
  });
  return { id: row.id, secret: row.secret };
}

export async function listWebhooks(ctx: AppContext, workspaceId: string): Promise<Webhook[]> {
  const rows = await listWebhookRows(ctx.db, workspaceId);
  return Promise.all(
    rows.map(async (row) => presentWebhook(row, await findLastDelivery(ctx.db, row.id))),
  );
}

export async function getWebhook(
  ctx: AppContext,
  workspaceId: string,
  id: string,
): Promise<Webhook> {
  const row = await requireWebhook(ctx.db, workspaceId, id);
  return presentWebhook(row, await findLastDelivery(ctx.db, row.id));
}

export async function updateWebhook(
  ctx: AppContext,
  scope: AuditScope,
  id: string,
  body: { url?: string; events?: WebhookEventType[]; status?: 'active' | 'paused' },
): Promise<Webhook> {
  if (body.url !== undefined) {
    await checkUrl(ctx, body.url);
  }
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireWebhook(trx, scope.workspaceId, id);
    const statusChanged = body.status !== undefined && body.status !== row.status;
    const next = {
      url: body.url ?? row.url,
      events: body.events ? JSON.stringify(body.events) : row.events,
      status: body.status ?? row.status,
      // Resuming starts a fresh streak; pausing by hand says who paused it.
      ...(statusChanged
        ? {
            paused_reason: body.status === 'paused' ? 'Paused by an Admin' : null,
            failing_since: null,
          }
        : {}),
      updated_at: new Date().toISOString(),
    };
    await updateWebhookRow(trx, id, next);
    await auditWrite(trx, scope, {
      action: 'webhook.updated',
      target: target({ id, url: next.url }),
      before: describe(row),
      after: describe(next),
    });
  });
  return getWebhook(ctx, scope.workspaceId, id);
}

export async function deleteWebhook(ctx: AppContext, scope: AuditScope, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireWebhook(trx, scope.workspaceId, id);
    await deleteWebhookRow(trx, id);
    await auditWrite(trx, scope, {
      action: 'webhook.deleted',
      target: target(row),
      before: describe(row),
    });
  });
}

export async function listDeliveries(
  ctx: AppContext,
  workspaceId: string,
  webhookId: string,
): Promise<WebhookDelivery[]> {
  await requireWebhook(ctx.db, workspaceId, webhookId);
  return (await listDeliveryRows(ctx.db, webhookId)).map(presentDelivery);
}

/** Queues the delivery again (same event id) for the dispatcher's next look; audited. */
export async function redeliver(
  ctx: AppContext,
  scope: AuditScope,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  return ctx.db.transaction().execute(async (trx) => {
    const webhook = await requireWebhook(trx, scope.workspaceId, webhookId);
    const delivery = await findDeliveryRow(trx, webhookId, deliveryId);
    if (!delivery) {
      throw notFound('Delivery');
    }
    await resetDelivery(trx, deliveryId, new Date().toISOString());
    await auditWrite(trx, scope, {
      action: 'webhook.redelivered',
      target: target(webhook),
      after: { event: `${delivery.event_type} ${delivery.event_id}` },
    });
    const row = await findDeliveryRow(trx, webhookId, deliveryId);
    return presentDelivery(row ?? delivery);
  });
}
