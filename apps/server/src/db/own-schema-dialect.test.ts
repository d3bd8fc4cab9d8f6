import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { migrateToLatest } from './database.ts';

// Apps that share a PostgreSQL database (each test app has its own schema; several test runs
// share one database) must start while others create and drop their schemas.
describe.skipIf(!process.env.TEST_DATABASE_URL)('own schema on a shared PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL ?? '';
  const other = `other_${crypto.randomBytes(6).toString('hex')}`;
  let t: TestApp;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await startTestApp('postgres');
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${other}`);
    await admin.query(`CREATE TABLE ${other}.kysely_migration (name text)`);
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${other} CASCADE`);
    await admin.end();
    await t.close();
  });

  it("introspection sees the app's own tables and nobody else's", async () => {
    const tables = await t.ctx.db.introspection.getTables({ withInternalKyselyTables: true });
    const schemas = new Set(tables.map((table) => table.schema));
    expect([...schemas]).toEqual([t.ctx.config.databaseSchema]);
    const users = tables.find((table) => table.name === 'users');
    expect(users?.columns.map((column) => column.name)).toContain('email');
    expect(tables.map((table) => table.name)).toContain('kysely_migration');
    const plain = await t.ctx.db.introspection.getTables();
    expect(plain.map((table) => table.name)).not.toContain('kysely_migration');
  });

  it('migrates while another session creates and drops schemas', async () => {
    let churning = true;
    const churn = (async () => {
      for (let round = 0; churning; round += 1) {
        const name = `${other}_${round}`;
        await admin.query(`CREATE SCHEMA ${name}; CREATE TABLE ${name}.t (id serial, a text)`);
        await admin.query(`DROP SCHEMA ${name} CASCADE`);
      }
    })();
    try {
      // Kysely's own introspector failed about one call in five here with
      // `schema "…" does not exist`; every migration run introspects three times.
      for (let run = 0; run < 20; run += 1) {
        await migrateToLatest(t.ctx.db, t.ctx.config.databaseSchema);
      }
    } finally {
      churning = false;
      await churn;
    }
  });
});
