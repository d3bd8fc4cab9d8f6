import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, createTable } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { RecordPageStarts } from './records.page-starts.ts';
import type { RecordResponse } from '@formbridge/contract/records';

const position = (n: number) => ({ created_at: `2026-01-01T00:00:${n}`, id: `r${n}` });

describe('remembered page starts', () => {
  it('finds the nearest start at or before an offset, for the same version only', () => {
    const starts = new RecordPageStarts();
    const rows = Array.from({ length: 60 }, (_, index) => position(100 + index));
    starts.remember('t', 3, 90, rows);
    expect(starts.find('t', 3, 149)).toEqual({ offset: 100, position: position(110) });
    expect(starts.find('t', 3, 100)).toEqual({ offset: 100, position: position(110) });
    starts.remember('t', 3, 150, rows);
    expect(starts.find('t', 3, 170)).toEqual({ offset: 150, position: position(100) });
    expect(starts.find('t', 3, 99)).toBeUndefined();
    expect(starts.find('t', 4, 149)).toBeUndefined();
    expect(starts.find('other', 3, 149)).toBeUndefined();
  });

  it('lets a newer version replace the starts, and never an older one', () => {
    const starts = new RecordPageStarts();
    starts.remember('t', 3, 50, [position(1)]);
    starts.remember('t', 4, 100, [position(2)]);
    expect(starts.find('t', 3, 50)).toBeUndefined();
    expect(starts.find('t', 4, 120)).toEqual({ offset: 100, position: position(2) });
    starts.remember('t', 3, 150, [position(3)]);
    expect(starts.find('t', 4, 160)).toEqual({ offset: 100, position: position(2) });
  });
});

describe.each(DIALECTS)('records pages after writes on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
  });
  afterAll(() => t.close());

  it('answers every page as the table holds it now, after deletes and additions', async () => {
    const table = await createTable(t, user, { name: 'Many' });
    const base = `/api/v1/dynamic-tables/${table.id}/records`;
    for (let index = 0; index < 130; index += 1) {
      await createRecord(t, user, table.id, { name: `r${index}` });
    }
    const list = async (query = '') => {
      const response = await t.request('GET', `${base}${query}`, { token: user.token });
      expect(response.status, response.text).toBe(200);
      return response.body as RecordResponse[];
    };
    const expectPagesRight = async () => {
      const all = await list();
      const names = all.map((record) => record.data.name);
      // Twice: the second pass starts from the records the first one remembered.
      for (let pass = 0; pass < 2; pass += 1) {
        for (const [offset, limit] of [
          [0, 10],
          [50, 10],
          [73, 20],
          [100, 30],
          [125, 10],
          [49, 3],
        ] as const) {
          const page = await list(`?limit=${limit}&offset=${offset}`);
          expect(
            page.map((record) => record.data.name),
            `offset ${offset}`,
          ).toEqual(names.slice(offset, offset + limit));
        }
      }
      return all;
    };
    const all = await expectPagesRight();
    const remove = async (record: RecordResponse | undefined) => {
      const response = await t.request('DELETE', `${base}/${record?.id}`, { token: user.token });
      expect(response.status).toBe(204);
    };
    // A record before the remembered ones goes: every later page moves up by one.
    await remove(all[10]);
    const afterDelete = await expectPagesRight();
    // One gone and one added leaves the count as it was; the pages still move.
    await remove(afterDelete[20]);
    await createRecord(t, user, table.id, { name: 'added' });
    const afterBoth = await expectPagesRight();
    expect(afterBoth).toHaveLength(129);
    expect(afterBoth.at(-1)?.data.name).toBe('added');

    // Pages never asked for before are read with the table in one statement, from the starts
    // remembered for the version last seen: right before a write and right after one.
    const names = async () => (await list()).map((record) => record.data.name);
    const pageNames = async (offset: number) =>
      (await list(`?limit=5&offset=${offset}`)).map((record) => record.data.name);
    const before = await names();
    expect(await pageNames(61)).toEqual(before.slice(61, 66));
    await remove(afterBoth[5]);
    expect(await pageNames(62)).toEqual((await names()).slice(62, 67));
    await createRecord(t, user, table.id, { name: 'last' });
    const now = await names();
    expect(await pageNames(63)).toEqual(now.slice(63, 68));
    expect(await pageNames(126)).toEqual(now.slice(126, 131));
  });
});
