import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAttachmentName } from '../import/api/import-export-api';
import { listTables } from './tables-api';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(body: string, contentType: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(body, { status: 200, headers: { 'content-type': contentType } }),
    ),
  );
}

describe('listTables', () => {
  it('reads an array of tables', async () => {
    stubFetch('[{"id":"t1"}]', 'application/json');
    expect(await listTables()).toEqual({ tables: [{ id: 't1' }], isInvalidFormat: false });
  });

  it('treats HTML or any non-array as an empty list it can warn about (spec §7)', async () => {
    stubFetch('<!doctype html><p>proxy page</p>', 'text/html');
    expect(await listTables()).toEqual({ tables: [], isInvalidFormat: true });
    stubFetch('{"items":[]}', 'application/json');
    expect(await listTables()).toEqual({ tables: [], isInvalidFormat: true });
  });
});

describe('readAttachmentName', () => {
  it('prefers the UTF-8 name and falls back to the plain one', () => {
    expect(
      readAttachmentName(`attachment; filename="Z_rich.csv"; filename*=UTF-8''Z%C3%BCrich.csv`),
    ).toBe('Zürich.csv');
    expect(readAttachmentName('attachment; filename="Clients.csv"')).toBe('Clients.csv');
    expect(readAttachmentName(null)).toBeNull();
  });
});
