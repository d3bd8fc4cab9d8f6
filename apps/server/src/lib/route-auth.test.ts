import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// Every module route says who may call it (lib/route-auth.ts). Routes open to anyone are listed
// here one by one, so making a route public is a decision a reviewer sees; every other route must
// refuse a request without a token with 401 before it reads or checks the body.
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/v1/auth/settings',
  'POST /api/v1/auth/signup',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/password-reset',
  'POST /api/v1/auth/password-reset/confirm',
  'POST /api/v1/invitations/check',
  // Files and job streams: a bearer token or a signed, expiring URL, checked by the route.
  'GET /api/v1/pdf-templates/:id/file',
  'GET /api/v1/files/:fileId',
  'GET /api/v1/completed-forms/:id/view',
  'GET /api/v1/completed-forms/:id/download',
  'GET /api/v1/jobs/:id/events',
  'GET /api/v1/jobs/:id/zip',
  'GET /api/v1/jobs/:id/merged',
  // Public links: the link's token reaches exactly one record.
  'GET /api/v1/public-forms/:token',
  'GET /api/v1/public-forms/:token/pdf',
  'POST /api/v1/public-forms/:token/submit',
  'GET /api/v1/public-data-forms/:token',
  'POST /api/v1/public-data-forms/:token/upload',
  'DELETE /api/v1/public-data-forms/:token/files/:fileId',
  'POST /api/v1/public-data-forms/:token/submit',
];

describe('route auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('lists every module route with its auth; only the listed ones are public', () => {
    const routes = t.routeAuth.map((route) => `${route.method} ${route.url}`);
    expect(routes.length).toBeGreaterThan(60);
    expect(new Set(routes).size).toBe(routes.length);
    const open = t.routeAuth
      .filter((route) => route.auth === 'public')
      .map((route) => `${route.method} ${route.url}`);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
    expect(new Set(t.routeAuth.map((route) => route.auth))).toEqual(
      new Set(['public', 'user', 'token', 'admin']),
    );
  });

  it('answers 401 without a token on every other route, before validating the body', async () => {
    const refused: string[] = [];
    for (const route of t.routeAuth.filter((entry) => entry.auth !== 'public')) {
      const url = route.url.replace(/:[A-Za-z]+/g, 'not-an-id');
      // A body that fails any schema: the answer must still be the 401.
      const response = await t.request(route.method, url, {
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: { wrong: true } }),
      });
      if (response.status !== 401) {
        refused.push(`${route.method} ${route.url} → ${response.status}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('answers 401, not 422, to an unauthenticated mapping with an invalid body', async () => {
    const response = await t.request('POST', '/api/v1/field-mappings', { json: { nope: 1 } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: expect.any(String) });
  });
});
