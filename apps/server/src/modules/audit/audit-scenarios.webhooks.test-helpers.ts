import { expect } from 'vitest';
import type { AuditHarness } from './audit-completeness.test-helpers.ts';

/** Webhook endpoints: created, changed, redelivered and deleted, never with their secret. */
export async function webhooksAreAudited(h: AuditHarness): Promise<void> {
  const { user, as, onlyEventOf } = h;
  const base = `/api/v1/workspaces/${user.id}/webhooks`;
  // A public address literal: no DNS is needed to accept it.
  const url = 'https://93.184.215.14/audit-hook';
  let secret = '';
  let id = '';
  const created = await onlyEventOf(async () => {
    const response = await as('POST', base, { url, events: ['record.created'] });
    ({ id, secret } = response.body as { id: string; secret: string });
    return response;
  }, 201);
  expect(created).toMatchObject({
    action: 'webhook.created',
    target: { kind: 'webhook', id, name: url },
    changes: expect.arrayContaining([{ field: 'events', before: null, after: 'record.created' }]),
  });
  const updated = await onlyEventOf(
    () => as('PATCH', `${base}/${id}`, { events: ['record.created', 'record.updated'] }),
    200,
  );
  expect(updated.changes).toEqual([
    { field: 'events', before: 'record.created', after: 'record.created, record.updated' },
  ]);
  const tables = await as('POST', '/api/v1/dynamic-tables', {
    name: 'Hooked',
    fields: [{ name: 'name', type: 'string' }],
  });
  const tableId = (tables.body as { id: string }).id;
  await as('POST', `/api/v1/dynamic-tables/${tableId}/records`, { data: { name: 'Ping' } });
  const log = await as('GET', `${base}/${id}/deliveries`);
  const [delivery] = (log.body as { deliveries: Array<{ id: string; event_id: string }> })
    .deliveries;
  expect(delivery).toBeDefined();
  const redelivered = await onlyEventOf(
    () => as('POST', `${base}/${id}/deliveries/${delivery?.id}/redeliver`),
    202,
  );
  expect(redelivered).toMatchObject({
    action: 'webhook.redelivered',
    changes: [{ field: 'event', before: null, after: `record.created ${delivery?.event_id}` }],
  });
  const deleted = await onlyEventOf(() => as('DELETE', `${base}/${id}`), 204);
  expect(deleted).toMatchObject({ action: 'webhook.deleted', target: { id } });
  for (const event of [created, updated, redelivered, deleted]) {
    expect(JSON.stringify(event)).not.toContain(secret);
  }
}
