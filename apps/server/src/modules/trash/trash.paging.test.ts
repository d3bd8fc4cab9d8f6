import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrashList } from '@formbridge/contract/trash';
import { createTable } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';

// GET /api/v1/trash pages like the completed forms: limit/offset, X-Total-Count.
describe.each(DIALECTS)('trash paging on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      const table = await createTable(t, user, { name });
      const deleted = await t.request('DELETE', `/api/v1/dynamic-tables/${table.id}`, {
        token: user.token,
      });
      expect(deleted.status, deleted.text).toBe(204);
    }
  });
  afterAll(() => t.close());

  const list = async (query: string, token = user.token) => {
    const response = await t.request('GET', `/api/v1/trash${query}`, { token });
    expect(response.status, response.text).toBe(200);
    return {
      names: (response.body as TrashList).items.map((item) => item.name),
      total: response.headers.get('x-total-count'),
    };
  };

  it('returns one page at a time with the total, the pages adding up to the whole list', async () => {
    const whole = await list('');
    expect(whole.total).toBe('5');
    expect(whole.names.toSorted()).toEqual(['Five', 'Four', 'One', 'Three', 'Two']);
    const pages = [
      await list('?limit=2'),
      await list('?limit=2&offset=2'),
      await list('?limit=2&offset=4'),
    ];
    expect(pages.map((page) => page.total)).toEqual(['5', '5', '5']);
    expect(pages.map((page) => page.names.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((page) => page.names)).toEqual(whole.names);
    expect(await list('?offset=10')).toEqual({ names: [], total: '5' });
  });

  it('rejects a page size out of range and counts only the workspace’s own items', async () => {
    const zero = await t.request('GET', '/api/v1/trash?limit=0', { token: user.token });
    expect(zero.status).toBe(422);
    const tooBig = await t.request('GET', '/api/v1/trash?limit=1001', { token: user.token });
    expect(tooBig.status).toBe(422);
    const other = await createUser(t);
    expect(await list('?limit=2', other.token)).toEqual({ names: [], total: '0' });
  });
});
