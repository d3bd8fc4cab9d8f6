import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from './harness.ts';

describe.each(DIALECTS)('app shell on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('reports health with the database in use', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: dialect });
  });

  it('publishes the OpenAPI document and the docs page', async () => {
    const spec = await t.request('GET', '/api/openapi.json');
    expect(spec.status).toBe(200);
    const paths = Object.keys((spec.body as { paths: object }).paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/auth/signup', '/api/v1/auth/me']),
    );
    const docs = await t.request('GET', '/api/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('swagger');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.request('GET', '/api/v1/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Not Found' });
  });

  it('answers malformed JSON with a 422 list detail', async () => {
    const response = await t.request('POST', '/api/v1/auth/signup', {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [{ loc: ['body'], msg: 'Malformed JSON in request body', type: 'json_invalid' }],
    });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.request('POST', '/api/v1/auth/signup', {
      body: 'email=a',
      headers: { 'content-type': 'text/csv' },
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ detail: 'Unsupported content type' });
  });

  it('masks uncaught exceptions as a generic 500 and logs the full error', async () => {
    const lines: string[] = [];
    const boom = await startTestApp(
      dialect,
      { logLevel: 'error' },
      {
        logStream: { write: (line) => lines.push(line) },
        beforeListen: (app) => {
          app.get('/api/test-only-boom', { config: { auth: 'public' } }, async () => {
            throw new Error('secret internals');
          });
        },
      },
    );
    try {
      const response = await boom.request('GET', '/api/test-only-boom');
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ detail: 'Internal server error' });
      expect(response.text).not.toContain('secret internals');
      expect(lines.join('')).toContain('secret internals');
    } finally {
      await boom.close();
    }
  });
});
