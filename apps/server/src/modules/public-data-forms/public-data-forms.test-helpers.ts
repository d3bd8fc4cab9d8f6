import { expect } from 'vitest';
import type { DataLink } from '@formbridge/contract/public-links';
import type { TestApp, TestUser } from '../../../test/harness.ts';

// Shared by the public data form test files.

/** Creates a data link through the owner's API. */
export async function createDataLink(
  t: TestApp,
  user: TestUser,
  tableId: string,
  recordId: string,
  body: Record<string, unknown> = {},
): Promise<DataLink> {
  const response = await t.request('POST', `/api/v1/public-data-links/${tableId}/${recordId}`, {
    token: user.token,
    json: body,
  });
  expect(response.status, response.text).toBe(201);
  return response.body as DataLink;
}

/** Moves a link's expiry into the past directly (waiting for it would slow the suite). */
export async function expireDataLink(t: TestApp, linkId: string): Promise<void> {
  await t.ctx.db
    .updateTable('public_data_links')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', linkId)
    .execute();
}

/** The record's stored data, as the owner reads it. */
export async function readRecordData(
  t: TestApp,
  user: TestUser,
  tableId: string,
  recordId: string,
): Promise<Record<string, unknown>> {
  const response = await t.request('GET', `/api/v1/dynamic-tables/${tableId}/records/${recordId}`, {
    token: user.token,
  });
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: Record<string, unknown> }).data;
}
