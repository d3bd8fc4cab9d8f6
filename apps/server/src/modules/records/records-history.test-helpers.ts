import { expect } from 'vitest';
import type { RecordHistoryEntry, RecordHistoryPage } from '@formbridge/contract/record-history';
import type { RecordResponse } from '@formbridge/contract/records';
import type { TableResponse } from '@formbridge/contract/tables';
import { createTable } from '../../../test/factories.ts';
import { createUser, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import type { DialectName } from '../../db/dialect.ts';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export type HistoryHarness = Awaited<ReturnType<typeof startHistoryHarness>>;

/**
 * The app on a fresh database with an account, a Companies table and a Clients table linking to
 * it (text, number, Yes/No, link, file), and the history calls the record history tests make.
 */
export async function startHistoryHarness(dialect: DialectName) {
  const t: TestApp = await startTestApp(dialect);
  const user: TestUser = await createUser(t);
  const companies: TableResponse = await createTable(t, user, { name: 'Companies' });
  const clients: TableResponse = await createTable(t, user, {
    name: 'Clients',
    fields: [
      { name: 'name', required: true },
      { name: 'age', type: 'number' },
      { name: 'vip', type: 'boolean' },
      { name: 'employer', type: 'link', linked_table_id: companies.id },
      { name: 'scan', type: 'file' },
    ],
  });
  const recordUrl = (tableId: string, recordId: string) =>
    `/api/v1/dynamic-tables/${tableId}/records/${recordId}`;
  const history = async (tableId: string, recordId: string, query = '') => {
    const response = await t.request('GET', `${recordUrl(tableId, recordId)}/history${query}`, {
      token: user.token,
    });
    expect(response.status, response.text).toBe(200);
    return response.body as RecordHistoryPage;
  };
  const restore = (tableId: string, recordId: string, entryId: string, json: unknown = {}) =>
    t.request('POST', `${recordUrl(tableId, recordId)}/history/${entryId}/restore`, {
      token: user.token,
      json,
    });
  const patch = async (tableId: string, recordId: string, data: unknown) => {
    const response = await t.request('PATCH', recordUrl(tableId, recordId), {
      token: user.token,
      json: { data },
    });
    expect(response.status, response.text).toBe(200);
    return response.body as RecordResponse;
  };
  const latest = async (tableId: string, recordId: string): Promise<RecordHistoryEntry> => {
    const [entry] = (await history(tableId, recordId)).entries;
    expect(entry).toBeDefined();
    return entry!;
  };
  return { t, user, companies, clients, recordUrl, history, restore, patch, latest };
}
