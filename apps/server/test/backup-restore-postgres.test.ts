import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, restoreBackup } from '../src/ops/backup.ts';
import { createRecord, createTable } from './factories.ts';
import { createUser, startTestApp, type TestUser } from './harness.ts';

const BASE_URL = process.env.TEST_DATABASE_URL;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-pg-backup-test-'));
const created: string[] = [];
const APP = {
  jwtSecret: 'y'.repeat(40),
  storage: { kind: 'local' as const },
  databaseSchema: 'fb',
};

/** A database URL on the test server for a new, uniquely named database (not created). */
function databaseUrl(label: string): string {
  const name = `fb_${label}_${crypto.randomBytes(4).toString('hex')}`;
  created.push(name);
  const url = new URL(BASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function createDatabase(url: string): Promise<void> {
  await admin(`CREATE DATABASE "${new URL(url).pathname.slice(1)}"`);
}

/** The names of the records the app at `url` serves for the user's table. */
async function restoredNames(url: string, dataDir: string, user: TestUser, tableId: string) {
  const app = await startTestApp('postgres', { ...APP, databaseUrl: url, dataDir });
  try {
    const records = await app.request('GET', `/api/v1/dynamic-tables/${tableId}/records`, {
      token: user.token,
    });
    expect(records.status).toBe(200);
    const body = records.body as { items?: Array<{ data: { first_name: string } }> };
    const items = body.items ?? (records.body as Array<{ data: { first_name: string } }>);
    return items.map((record) => record.data.first_name).sort();
  } finally {
    await app.close();
  }
}

describe.skipIf(!BASE_URL)('backup and restore on PostgreSQL', () => {
  let sourceUrl: string;
  let archive: string;
  let user: TestUser;
  let tableId: string;

  beforeAll(async () => {
    sourceUrl = databaseUrl('source');
    await createDatabase(sourceUrl);
    const source = await startTestApp('postgres', { ...APP, databaseUrl: sourceUrl });
    try {
      user = await createUser(source);
      const table = await createTable(source, user, {
        name: 'Clients',
        fields: [{ name: 'first_name', type: 'string', required: true }],
      });
      tableId = table.id;
      await createRecord(source, user, table.id, { first_name: 'Ada' });
      archive = path.join(scratch, 'pg-backup.tar.gz');
      await createBackup({ dataDir: source.dataDir, databaseUrl: sourceUrl }, archive);
      // Written after the backup: a restore over this database must take it away again.
      await createRecord(source, user, table.id, { first_name: 'Later' });
    } finally {
      await source.close();
    }
  });

  afterAll(async () => {
    for (const name of created) {
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('restores into a database that does not exist yet', async () => {
    const target = databaseUrl('new');
    const dataDir = path.join(scratch, 'new');
    await restoreBackup(archive, { dataDir, databaseUrl: target });
    expect(await restoredNames(target, dataDir, user, tableId)).toEqual(['Ada']);
  });

  it('restores into an empty database', async () => {
    const target = databaseUrl('empty');
    await createDatabase(target);
    const dataDir = path.join(scratch, 'empty');
    await restoreBackup(archive, { dataDir, databaseUrl: target });
    expect(await restoredNames(target, dataDir, user, tableId)).toEqual(['Ada']);
  });

  it('replaces what an existing install holds, pg-boss tables included, and reports success', async () => {
    const dataDir = path.join(scratch, 'existing');
    await restoreBackup(archive, { dataDir, databaseUrl: sourceUrl });
    expect(await restoredNames(sourceUrl, dataDir, user, tableId)).toEqual(['Ada']);
  });

  it('leaves nothing behind when a restore fails, so the next try can succeed', async () => {
    const broken = path.join(scratch, 'broken.tar.gz');
    fs.writeFileSync(broken, fs.readFileSync(archive).subarray(0, 2000));
    const target = databaseUrl('retry');
    const dataDir = path.join(scratch, 'retry');
    await expect(restoreBackup(broken, { dataDir, databaseUrl: target })).rejects.toThrow(/tar/);
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(fs.readdirSync(scratch).filter((name) => name.includes('restoring'))).toEqual([]);
    await restoreBackup(archive, { dataDir, databaseUrl: target });
    expect(await restoredNames(target, dataDir, user, tableId)).toEqual(['Ada']);
  });
});
