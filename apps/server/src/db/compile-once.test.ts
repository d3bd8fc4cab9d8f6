import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTable } from '../../test/factories.ts';
import { createUser, DIALECTS, startTestApp, type TestApp } from '../../test/harness.ts';
import { compileOnce } from './compile-once.ts';

describe.each(DIALECTS)('queries compiled once on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const tablesNamed = compileOnce((db, args: { ownerId: string; name: string; limit: number }) =>
    db
      .selectFrom('dynamic_tables')
      .select(['id', 'name'])
      .where('owner_id', '=', args.ownerId)
      .where('name', '=', args.name)
      .where('record_count', '>=', 0)
      .limit(args.limit),
  );

  it("binds each call's own arguments, in a transaction too", async () => {
    const [ada, grace] = [await createUser(t), await createUser(t)];
    const adas = await createTable(t, ada, { name: 'Clients', fields: [{ name: 'name' }] });
    const graces = await createTable(t, grace, { name: 'Clients', fields: [{ name: 'name' }] });
    const ids = async (ownerId: string, name: string) =>
      (await tablesNamed(t.ctx.db, { ownerId, name, limit: 5 })).map((row) => row.id);
    expect(await ids(ada.id, 'Clients')).toEqual([adas.id]);
    expect(await ids(grace.id, 'Clients')).toEqual([graces.id]);
    expect(await ids(ada.id, 'Other')).toEqual([]);
    expect(await ids(ada.id, "Clients' OR 1=1 --")).toEqual([]);
    const inTransaction = await t.ctx.db
      .transaction()
      .execute((trx) => tablesNamed(trx, { ownerId: grace.id, name: 'Clients', limit: 1 }));
    expect(inTransaction.map((row) => row.id)).toEqual([graces.id]);
  });

  it('refuses a query whose shape depends on its arguments', async () => {
    const shaped = compileOnce((db, args: { ownerId: string; all: boolean }) =>
      db
        .selectFrom('dynamic_tables')
        .select('id')
        .$if(!args.all, (query) => query.where('owner_id', '=', args.ownerId)),
    );
    await expect(shaped(t.ctx.db, { ownerId: 'x', all: false })).rejects.toThrow(/all/);
  });
});
