import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRecord,
  createTable,
  createTemplate,
  uploadTemplate,
  readFixture,
  OWN_FIXTURES,
} from './factories.ts';
import { createUser, DIALECTS, startTestApp, type TestApp, type TestUser } from './harness.ts';

function diskFull(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
}

describe.each(DIALECTS)('hostile HTTP input on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      {},
      {
        beforeListen: (app) => {
          app.post('/api/test-only-boom', { config: { auth: 'public' } }, async () => {
            throw new Error('secret internals');
          });
          app.post('/api/test-only-nul-sql', { config: { auth: 'public' } }, async () => {
            await sql`select ${'a\u0000b'} as v`.execute(t.ctx.db);
            return { stored: true };
          });
        },
      },
    );
    user = await createUser(t);
  });
  afterAll(() => t.close());

  it('answers a wrongly typed template rename with 422 instead of hanging', async () => {
    const template = await createTemplate(t, user);
    const response = await t.request('PUT', `/api/v1/pdf-templates/${template.id}`, {
      token: user.token,
      json: { name: 1 },
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      detail: [expect.objectContaining({ loc: ['body', 'name'] })],
    });
  });

  it('answers an unexpected error after a fully read JSON body with 500', async () => {
    const response = await t.request('POST', '/api/test-only-boom', {
      json: { a: 'x'.repeat(5000) },
    });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ detail: 'Internal server error' });
  });

  it('answers a stuck request with 503 and Retry-After once the timeout passes', async () => {
    const slow = await startTestApp(
      dialect,
      { requestTimeoutSeconds: 1 },
      {
        beforeListen: (app) => {
          app.get(
            '/api/test-only-stuck',
            { config: { auth: 'public' } },
            () => new Promise(() => undefined),
          );
        },
      },
    );
    try {
      const started = Date.now();
      const response = await slow.request('GET', '/api/test-only-stuck');
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(response.body).toMatchObject({ detail: expect.stringContaining('1 seconds') });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await slow.close();
    }
  });

  it('answers NUL bytes and malformed ids in paths with 404 on owner and public routes', async () => {
    const urls = [
      '/api/v1/pdf-templates/%00',
      '/api/v1/pdf-templates/abc%00def',
      '/api/v1/pdf-templates/not-a-uuid',
      '/api/v1/dynamic-tables/%00',
      '/api/v1/public-forms/%00',
      '/api/v1/public-data-forms/tok%00en',
      '/api/v1/public-form-links/%00',
    ];
    for (const url of urls) {
      const response = await t.request('GET', url, { token: user.token });
      expect(response.status, url).toBe(404);
      expect(response.body, url).toMatchObject({ detail: expect.any(String) });
    }
    const del = await t.request('DELETE', '/api/v1/pdf-templates/%00', { token: user.token });
    expect(del.status).toBe(404);
  });

  it('answers NUL bytes and absurd nesting in JSON bodies with 422, storing nothing', async () => {
    const nul = await t.request('POST', '/api/v1/dynamic-tables/', {
      token: user.token,
      json: { name: 'Cli\u0000ents', fields: [{ name: 'name', type: 'string' }] },
    });
    expect(nul.status).toBe(422);
    expect(nul.body).toMatchObject({ detail: [{ loc: ['body', 'name'], type: 'string_nul' }] });
    const deep = `${'['.repeat(10_000)}"x"${']'.repeat(10_000)}`;
    const nested = await t.request('POST', '/api/v1/dynamic-tables/', {
      token: user.token,
      body: `{"name": "Deep", "fields": ${deep}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(nested.status).toBe(422);
    const list = await t.request('GET', '/api/v1/dynamic-tables/', { token: user.token });
    expect(JSON.stringify(list.body)).not.toContain('Cli');
  });

  it('answers database input errors with 422, never 500', async () => {
    const response = await t.request('POST', '/api/test-only-nul-sql', { json: {} });
    // SQLite stores NUL characters; PostgreSQL refuses them with SQLSTATE 22021.
    expect(response.status).toBe(dialect === 'postgres' ? 422 : 200);
  });

  it('answers 507 with a clear detail when the disk is full while saving an upload', async () => {
    const put = t.ctx.storage.put;
    t.ctx.storage.put = () => Promise.reject(diskFull());
    try {
      const response = await uploadTemplate(t, user, {
        name: 'Disk full',
        file: readFixture(OWN_FIXTURES, 'simple-form.pdf'),
      });
      expect(response.status).toBe(507);
      expect(response.body).toMatchObject({ detail: expect.stringContaining('disk space') });
    } finally {
      t.ctx.storage.put = put;
    }
    const list = await t.request('GET', '/api/v1/pdf-templates/', { token: user.token });
    expect(JSON.stringify(list.body)).not.toContain('Disk full');
  });

  it.runIf(dialect === 'sqlite')(
    'answers 507 when SQLite is full, and deleting data still works',
    async () => {
      // A delete writes its audit event in the same transaction: it works when it frees the
      // room that event takes (a table with records does), not for an empty row (decisions.md).
      const table = await createTable(t, user, { name: 'Before full' });
      for (let i = 0; i < 40; i += 1) {
        await createRecord(t, user, table.id, { name: `${i} ${'y'.repeat(2000)}` });
      }
      const pages = await sql<{ page_count: number }>`PRAGMA page_count`.execute(t.ctx.db);
      const used = Number(pages.rows[0]?.page_count);
      await sql.raw(`PRAGMA max_page_count = ${used}`).execute(t.ctx.db);
      try {
        let status = 0;
        for (let i = 0; i < 50 && status !== 507; i += 1) {
          const response = await t.request('POST', '/api/v1/dynamic-tables/', {
            token: user.token,
            json: {
              name: `Filler ${i}`,
              fields: [{ name: 'name', type: 'string', description: 'x'.repeat(4000) }],
            },
          });
          status = response.status;
        }
        expect(status).toBe(507);
        const removed = await t.request('DELETE', `/api/v1/dynamic-tables/${table.id}`, {
          token: user.token,
        });
        expect(removed.status).toBeLessThan(300);
      } finally {
        await sql.raw('PRAGMA max_page_count = 1073741823').execute(t.ctx.db);
      }
    },
  );
});
