import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createRecordByApi, createTableByApi, registerByApi, signIn } from './helpers.ts';

// Issue 33: an Admin adds a webhook endpoint on the Webhooks screen, copies its secret once,
// sees a record's event delivered (signed) in the delivery log, redelivers it, pauses and
// deletes the endpoint. The receiver is a real HTTP server on loopback (the e2e server runs
// with WEBHOOK_ALLOW_PRIVATE=true for it).

type Hook = { body: string; signature: string; eventId: string };

test('an Admin adds an endpoint, sees a signed delivery, redelivers it and deletes it', async ({
  page,
}) => {
  const hooks: Hook[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hooks.push({
        body: Buffer.concat(chunks).toString(),
        signature: String(request.headers['formbridge-signature']),
        eventId: String(request.headers['formbridge-event-id']),
      });
      response.end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await signIn(page, await registerByApi(page));
    const tableId = await createTableByApi(page, {
      name: 'Clients',
      fields: [{ name: 'full_name', type: 'string', required: true }],
    });

    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
    await expect(page.getByText('No webhook endpoints')).toBeVisible();
    await page.getByRole('button', { name: 'New endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'New endpoint' });
    await dialog.getByLabel('Endpoint URL').fill(url);
    await dialog.getByLabel('completed_form.created').uncheck();
    await dialog.getByLabel('record.created').check();
    await dialog.getByRole('button', { name: 'Create endpoint' }).click();
    const shown = page.getByRole('dialog', { name: 'Endpoint created' });
    await expect(shown.getByText('you won’t see it again')).toBeVisible();
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row', { name: new RegExp(url) });
    await expect(row).toContainText('record.created');
    await expect(row).toContainText('Active');

    await createRecordByApi(page, tableId, { full_name: 'Grace Hopper' });
    await expect.poll(() => hooks.length).toBe(1);
    const [first] = hooks;
    const parts = Object.fromEntries(
      (first?.signature ?? '').split(',').map((part) => part.split('=')),
    ) as { t: string; v1: string };
    const expected = crypto
      .createHmac('sha256', secret)
      .update(`${parts.t}.${first?.body}`)
      .digest('hex');
    expect(parts.v1).toBe(expected);
    expect(JSON.parse(first?.body ?? '{}')).toMatchObject({
      type: 'record.created',
      data: { display_name: 'Grace Hopper', table_name: 'Clients', source: 'web' },
    });

    await row.getByRole('button', { name: `Deliveries of ${url}` }).click();
    const log = page.getByRole('dialog', { name: `Deliveries to ${url}` });
    await expect(log.getByText('record.created succeeded')).toBeVisible();
    await expect(log.getByText('1 attempt, last HTTP 200')).toBeVisible();
    await expect(log.getByText('thanks')).toBeVisible();
    await log.getByRole('button', { name: /^Redeliver record.created/ }).click();
    await expect(page.getByText('Queued for redelivery')).toBeVisible();
    await expect.poll(() => hooks.length).toBe(2);
    expect(hooks[1]?.eventId).toBe(first?.eventId);
    await log.getByRole('button', { name: 'Close', exact: true }).last().click();

    await row.getByRole('button', { name: `Pause ${url}` }).click();
    await expect(row).toContainText('Paused');
    await expect(row).toContainText('Paused by an Admin');
    await row.getByRole('button', { name: `Delete ${url}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete endpoint' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('No webhook endpoints')).toBeVisible();
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
