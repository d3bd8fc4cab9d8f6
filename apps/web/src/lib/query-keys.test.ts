import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

// Where a key sits decides what an invalidation refreshes: these are the refreshes screens rely on.
function cacheWith(keys: QueryKey[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) {
    client.setQueryData(key, 'cached');
  }
  return client;
}

const isStale = (client: QueryClient, key: QueryKey) =>
  client.getQueryState(key)?.isInvalidated ?? false;

describe('queryKeys', () => {
  it("refreshes a template's mapping preview with its mappings, not another template's", async () => {
    const preview = queryKeys.mappings.preview('tpl-1', 'tbl', 'rec');
    const otherPreview = queryKeys.mappings.preview('tpl-2', 'tbl', 'rec');
    const client = cacheWith([preview, otherPreview]);
    await client.invalidateQueries({ queryKey: queryKeys.mappings.forTemplate('tpl-1') });
    expect(isStale(client, preview)).toBe(true);
    expect(isStale(client, otherPreview)).toBe(false);
  });

  it("refreshes every page of a table's records with its records, not the table itself", async () => {
    const page = queryKeys.tables.recordsPage('t1', 100, 3);
    const detail = queryKeys.tables.detail('t1');
    const client = cacheWith([page, detail, queryKeys.tables.records('t2')]);
    await client.invalidateQueries({ queryKey: queryKeys.tables.records('t1') });
    expect(isStale(client, page)).toBe(true);
    expect(isStale(client, detail)).toBe(false);
    expect(isStale(client, queryKeys.tables.records('t2'))).toBe(false);
  });

  it('keeps the dashboard lists apart from the lists of their own pages', async () => {
    const client = cacheWith([queryKeys.dashboard.templates, queryKeys.templates.all]);
    await client.invalidateQueries({ queryKey: queryKeys.templates.all });
    expect(isStale(client, queryKeys.dashboard.templates)).toBe(false);
    expect(queryKeys.dashboard.tables).not.toEqual(queryKeys.tables.all);
  });
});
