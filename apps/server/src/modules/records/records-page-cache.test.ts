import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, createTable } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { createDataLink } from '../public-data-forms/public-data-forms.test-helpers.ts';
import { RecordTexts } from './records.kept-records.ts';
import { RecordPageCache } from './records.page-cache.ts';
import type { RecordResponse } from '@formbridge/contract/records';

const BASE = '/api/v1/dynamic-tables';

describe('kept records pages', () => {
  const page = { limit: 50, offset: 100 };
  it('answers only for the version a page was kept for, and never goes back to an older one', () => {
    const cache = new RecordPageCache();
    cache.set('t', 3, page, Buffer.from('[3]'));
    expect(cache.get('t', 3, page)?.toString()).toBe('[3]');
    expect(cache.get('t', 4, page)).toBeUndefined();
    expect(cache.get('t', 3, { limit: 50, offset: 150 })).toBeUndefined();
    expect(cache.get('other', 3, page)).toBeUndefined();
    cache.set('t', 4, page, Buffer.from('[4]'));
    cache.set('t', 3, page, Buffer.from('[3 again]'));
    expect(cache.get('t', 3, page)).toBeUndefined();
    expect(cache.get('t', 4, page)?.toString()).toBe('[4]');
  });

  it('keeps its memory bounded: the least recently read pages go first', () => {
    const cache = new RecordPageCache();
    const body = Buffer.alloc(512 * 1024);
    for (let offset = 0; offset < 40; offset += 1) {
      cache.set('t', 1, { limit: 1000, offset }, body);
      // Page 0 is read again after every addition, so it stays.
      expect(cache.get('t', 1, { limit: 1000, offset: 0 })).toBe(body);
    }
    expect(cache.get('t', 1, { limit: 1000, offset: 1 })).toBeUndefined();
    expect(cache.get('t', 1, { limit: 1000, offset: 39 })).toBe(body);
    cache.set('t', 1, { limit: 1000, offset: 99 }, Buffer.alloc(2 * 1024 * 1024));
    expect(cache.get('t', 1, { limit: 1000, offset: 99 })).toBeUndefined();
  });
});

describe('kept record texts', () => {
  it('answers only for the version they were kept for, and never goes back to an older one', () => {
    const texts = new RecordTexts();
    texts.forVersion('t', 3).set('r1', '{"v":3}');
    expect(texts.forVersion('t', 3).get('r1')).toBe('{"v":3}');
    expect(texts.forVersion('other', 3).get('r1')).toBeUndefined();
    const older = texts.forVersion('t', 3);
    expect(texts.forVersion('t', 4).get('r1')).toBeUndefined();
    older.set('r1', '{"v":3}');
    expect(texts.forVersion('t', 3).get('r1')).toBeUndefined();
    expect(texts.forVersion('t', 4).get('r1')).toBeUndefined();
  });

  it('keeps its memory bounded: the least recently read tables go first', () => {
    const texts = new RecordTexts();
    const text = 'x'.repeat(1024 * 1024);
    for (let table = 0; table < 40; table += 1) {
      texts.forVersion(`t${table}`, 1).set('r', text);
      // Table 0 is read again after every addition, so it stays.
      expect(texts.forVersion('t0', 1).get('r')).toBe(text);
    }
    expect(texts.forVersion('t1', 1).get('r')).toBeUndefined();
    expect(texts.forVersion('t39', 1).get('r')).toBe(text);
  });
});

describe.each(DIALECTS)('records pages right after every write on %s', (dialect) => {
  let t: TestApp;
  // A second server on the same database: its kept pages must follow writes made through `t`.
  let other: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    other = await startTestApp(dialect, {
      dataDir: t.dataDir,
      ...(t.ctx.config.databaseSchema ? { databaseSchema: t.ctx.config.databaseSchema } : {}),
    });
    user = await createUser(t);
  });
  afterAll(async () => {
    await other.app.close();
    await t.close();
  });

  async function setUp() {
    const table = await createTable(t, user, {
      name: 'People',
      fields: [{ name: 'name' }, { name: 'city' }],
      combination_rules: [{ name: 'label', source_fields: ['name', 'city'], separator: ' / ' }],
    });
    for (let index = 0; index < 12; index += 1) {
      await createRecord(t, user, table.id, { name: `p${index}`, city: `c${index}` });
    }
    return table.id;
  }
  // Read twice on both servers, so the second read of each is answered from what it kept.
  const pageOn = async (app: TestApp, tableId: string, query = '?limit=5&offset=5') => {
    const response = await app.request('GET', `${BASE}/${tableId}/records${query}`, {
      token: user.token,
    });
    expect(response.status, response.text).toBe(200);
    return {
      records: response.body as RecordResponse[],
      total: response.headers.get('x-total-count'),
    };
  };
  const page = async (tableId: string, query?: string) => {
    await pageOn(t, tableId, query);
    await pageOn(other, tableId, query);
    const [here, there] = [await pageOn(t, tableId, query), await pageOn(other, tableId, query)];
    expect(there).toEqual(here);
    return here.records;
  };
  const names = (records: RecordResponse[]) => records.map((record) => record.data.name);

  it('shows an updated record, on this server and the other', async () => {
    const tableId = await setUp();
    const before = await page(tableId);
    const record = before[1];
    const response = await t.request('PUT', `${BASE}/${tableId}/records/${record?.id}`, {
      token: user.token,
      json: { data: { name: 'renamed', city: 'Oslo' } },
    });
    expect(response.status, response.text).toBe(200);
    const after = await page(tableId);
    expect(after[1]?.data).toEqual({ name: 'renamed', city: 'Oslo' });
    expect(after[1]?.computed.combinations).toEqual({ label: 'renamed / Oslo' });
    expect(after[1]?.updated_at).not.toBe(record?.updated_at);
  });

  it('drops a deleted record and takes in a new one', async () => {
    const tableId = await setUp();
    const before = await page(tableId);
    await t.request('DELETE', `${BASE}/${tableId}/records/${before[0]?.id}`, {
      token: user.token,
    });
    expect(names(await page(tableId))).toEqual(['p6', 'p7', 'p8', 'p9', 'p10']);
    expect(names(await page(tableId, '?limit=5&offset=10'))).toEqual(['p11']);
    await createRecord(t, user, tableId, { name: 'new' });
    expect(names(await page(tableId, '?limit=5&offset=10'))).toEqual(['p11', 'new']);
    const total = (await pageOn(other, tableId)).total;
    expect(total).toBe('12');
  });

  it('shows imported records', async () => {
    const tableId = await setUp();
    expect(names(await page(tableId, '?limit=5&offset=10'))).toEqual(['p10', 'p11']);
    const body = new FormData();
    body.append('file', new Blob(['name,city\nimported,Rome\n']), 'people.csv');
    const response = await t.request('POST', `${BASE}/${tableId}/import`, {
      token: user.token,
      body,
    });
    expect(response.status, response.text).toBe(201);
    expect(names(await page(tableId, '?limit=5&offset=10'))).toEqual(['p10', 'p11', 'imported']);
  });

  it('shows a schema change: new rule and display field, then a renamed field', async () => {
    const tableId = await setUp();
    const before = await page(tableId);
    expect(before[0]?.computed.display_name).not.toBe('c5');
    const put = async (fields: unknown[]) => {
      const response = await t.request('PUT', `${BASE}/${tableId}`, {
        token: user.token,
        json: {
          name: 'People',
          fields,
          combination_rules: [{ name: 'label', source_fields: ['city'], separator: '-' }],
          use_display_field: true,
          display_field_key: 'city',
        },
      });
      expect(response.status, response.text).toBe(200);
    };
    // No record's stored values change here: only the table's row does.
    await put([{ name: 'name' }, { name: 'city' }]);
    expect((await page(tableId))[0]?.computed).toEqual({
      display_name: 'c5',
      combinations: { label: 'c5' },
    });
    await put([{ name: 'full', previous_name: 'name' }, { name: 'city' }]);
    expect((await page(tableId))[0]?.data).toEqual({ full: 'p5', city: 'c5' });
  });

  it('shows values sent through a public data link', async () => {
    const tableId = await setUp();
    const before = await page(tableId);
    const link = await createDataLink(t, user, tableId, before[2]?.id ?? '');
    const response = await t.request('POST', `/api/v1/public-data-forms/${link.token}/submit`, {
      json: { form_data: { city: 'Lima' } },
    });
    expect(response.status, response.text).toBe(200);
    expect((await page(tableId))[2]?.data).toEqual({ name: 'p7', city: 'Lima' });
  });

  it('answers a kept page only to its owner, and shuts a removed account out at once', async () => {
    const tableId = await setUp();
    await page(tableId);
    const url = `${BASE}/${tableId}/records?limit=5&offset=5`;
    expect((await t.request('GET', url)).status).toBe(401);
    const stranger = await createUser(t);
    expect((await other.request('GET', url, { token: stranger.token })).status).toBe(404);
    const leaving = await createUser(t);
    const own = await createTable(t, leaving, { name: 'Mine' });
    await createRecord(t, leaving, own.id, { name: 'kept' });
    const ownUrl = `${BASE}/${own.id}/records?limit=5&offset=0`;
    for (const app of [t, other, t, other]) {
      expect((await app.request('GET', ownUrl, { token: leaving.token })).status).toBe(200);
    }
    await t.ctx.db.deleteFrom('users').where('id', '=', leaving.id).execute();
    for (const app of [t, other]) {
      const response = await app.request('GET', ownUrl, { token: leaving.token });
      expect(response.status).toBe(401);
    }
  });
});
