import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { CompletedForm } from '@formbridge/contract/completed-forms';
import type { Template } from '@formbridge/contract/templates';
import type { JobResponse } from '@formbridge/contract/jobs';
import {
  mapFields,
  waitForJob,
} from '../src/modules/completed-forms/completed-forms.test-helpers.ts';
import { migrateSqliteToPostgres } from '../src/ops/migrate-db.ts';
import { createRecord, createTable, createTemplate } from './factories.ts';
import { createUser, startTestApp } from './harness.ts';

const url = process.env.TEST_DATABASE_URL;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-migrate-db-test-'));
const schemas: string[] = [];

async function onPostgres(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

function freshSchema(): string {
  const schema = `mdb_${crypto.randomBytes(6).toString('hex')}`;
  schemas.push(schema);
  return schema;
}

/** Cuts the signatures off URLs: each read signs with a fresh expiry, so they differ per second. */
function unsigned(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) =>
      typeof item === 'string' && item.includes('?expires=') ? item.split('?')[0] : item,
    ),
  );
}

afterAll(async () => {
  for (const schema of schemas) {
    await onPostgres(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }
  fs.rmSync(scratch, { recursive: true, force: true });
});

// `npm run migrate-db` (issue 15): a SQLite install moves to PostgreSQL and keeps its data.
describe.runIf(url)('moving the database from SQLite to PostgreSQL', () => {
  const dataDir = path.join(scratch, 'data');
  const local = { kind: 'local' } as const;
  const jwtSecret = 'x'.repeat(40);

  it('copies users, templates, tables, records and forms; the app reads them on PostgreSQL', async () => {
    const source = await startTestApp('sqlite', { dataDir, jwtSecret, storage: local });
    const user = await createUser(source);
    const template = await createTemplate(source, user);
    const table = await createTable(source, user, {
      name: 'Clients',
      fields: [{ name: 'first_name', type: 'string', required: true }],
      use_display_field: true,
      display_field_key: 'first_name',
    });
    await mapFields(source, user, template.id, table.id, { 'applicant.full_name': 'first_name' });
    const record = await createRecord(source, user, table.id, { first_name: 'Ada' });
    const others = [];
    for (const first_name of ['Grace', 'Hedy', 'Joan', 'Karen']) {
      others.push(await createRecord(source, user, table.id, { first_name }));
    }
    const made = await source.request(
      'POST',
      `/api/v1/completed-forms/${template.id}/${table.id}/${record.id}`,
      { token: user.token },
    );
    expect(made.status, made.text).toBe(201);
    const form = made.body as CompletedForm;
    const bulk = await source.request(
      'POST',
      `/api/v1/completed-forms/bulk/${template.id}/${table.id}`,
      { token: user.token, json: { record_ids: others.map((one) => one.id) } },
    );
    expect(bulk.status, bulk.text).toBe(202);
    const job = await waitForJob(source, user, (bulk.body as JobResponse).job.id);
    expect(job.job.status).toBe('succeeded');
    const options = { token: user.token };
    const before = {
      templates: (await source.request('GET', '/api/v1/pdf-templates/', options)).body,
      table: (await source.request('GET', `/api/v1/dynamic-tables/${table.id}`, options)).body,
      records: (await source.request('GET', `/api/v1/dynamic-tables/${table.id}/records`, options))
        .body,
      forms: (await source.request('GET', '/api/v1/completed-forms/', options)).body,
    };
    await source.close();
    // The bulk job recorded one job_items row per record (two-column key): read page by page below.
    const schema = freshSchema();
    // Two rows per read: every table with more rows is copied over several keyset pages.
    const summary = await migrateSqliteToPostgres(
      { dataDir, databaseUrl: url, databaseSchema: schema },
      { batchRows: 2 },
    );
    const counts = Object.fromEntries(summary.map((entry) => [entry.table, entry.rows]));
    expect(counts).toMatchObject({
      users: 1,
      pdf_templates: 1,
      dynamic_tables: 1,
      table_records: 5,
      completed_forms: 5,
      jobs: 1,
      job_items: 4,
    });
    const order = summary.map((entry) => entry.table);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('pdf_templates'));
    expect(order.indexOf('dynamic_tables')).toBeLessThan(order.indexOf('table_records'));

    const moved = await startTestApp('postgres', {
      dataDir,
      databaseUrl: url,
      databaseSchema: schema,
      jwtSecret,
      storage: local,
    });
    try {
      const login = await moved.request('POST', '/api/v1/auth/login', {
        form: { username: user.email, password: user.password },
      });
      expect(login.status, login.text).toBe(200);
      const token = (login.body as { access_token: string }).access_token;
      const after = {
        templates: (await moved.request('GET', '/api/v1/pdf-templates/', { token })).body,
        table: (await moved.request('GET', `/api/v1/dynamic-tables/${table.id}`, { token })).body,
        records: (
          await moved.request('GET', `/api/v1/dynamic-tables/${table.id}/records`, { token })
        ).body,
        forms: (await moved.request('GET', '/api/v1/completed-forms/', { token })).body,
      };
      expect(unsigned(after)).toEqual(unsigned(before));
      expect((after.templates as Template[])[0]?.id).toBe(template.id);
      // Files stayed in DATA_DIR: the form downloads from the PostgreSQL install.
      const download = await fetch(moved.baseUrl + form.download_url, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(download.status).toBe(200);
      expect(
        Buffer.from(await download.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    } finally {
      await moved.close();
    }
  });

  it('refuses a target that already holds rows and leaves it as it was', async () => {
    const schema = freshSchema();
    await migrateSqliteToPostgres({ dataDir, databaseUrl: url, databaseSchema: schema });
    await expect(
      migrateSqliteToPostgres({ dataDir, databaseUrl: url, databaseSchema: schema }),
    ).rejects.toThrow(/already holds rows/);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${schema}.users`);
      expect(rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  });
});
