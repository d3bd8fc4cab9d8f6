import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { registerRouteAuth } from './route-auth.ts';

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

// Routes that act on the signed-in account itself and in no workspace (`role: 'account'`): the
// header is not read. Every other user/token route states the least role it needs (the route ×
// role matrix, route-roles.test.ts, checks each one).
const ACCOUNT_ROUTES = [
  'GET /api/v1/auth/me',
  'POST /api/v1/auth/logout',
  'POST /api/v1/auth/logout-all',
  'POST /api/v1/auth/change-password',
  'GET /api/v1/invitations',
  'POST /api/v1/invitations',
  'DELETE /api/v1/invitations/:id',
  // The caller's workspaces and a new one (the /workspaces/{id} routes act in the path's).
  'GET /api/v1/workspaces',
  'POST /api/v1/workspaces',
  // The guided start is the account's own and works in its personal workspace.
  'GET /api/v1/onboarding',
  'PATCH /api/v1/onboarding',
  'POST /api/v1/onboarding/sample',
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

  it('gives every user and token route a role; only the listed ones act on the account', () => {
    const signedIn = t.routeAuth.filter((route) => route.auth === 'user' || route.auth === 'token');
    expect(signedIn.filter((route) => route.role === undefined)).toEqual([]);
    expect(t.routeAuth.filter((route) => !signedIn.includes(route) && route.role)).toEqual([]);
    const account = signedIn
      .filter((route) => route.role === 'account')
      .map((route) => `${route.method} ${route.url}`);
    expect(account.sort()).toEqual([...ACCOUNT_ROUTES].sort());
  });

  it('stops the app at start for a signed-in route without a role', async () => {
    const { default: Fastify } = await import('fastify');
    const app = Fastify();
    registerRouteAuth(app, t.ctx);
    expect(() => app.get('/api/v1/nothing', { config: { auth: 'user' } }, () => 'no role')).toThrow(
      /says no role/,
    );
    expect(() =>
      app.get('/api/v1/public', { config: { auth: 'public', role: 'viewer' } }, () => 'x'),
    ).toThrow(/a role means nothing there/);
    await app.close();
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
