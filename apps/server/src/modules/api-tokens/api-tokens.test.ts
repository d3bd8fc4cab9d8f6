import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, type ApiTokenList } from '@formbridge/contract/api-tokens';
import type { AuditPage } from '@formbridge/contract/audit';
import { createTable } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';

describe.each(DIALECTS)('API tokens on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let editor: TestUser;
  let workspaceId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { apiTokenRateLimitPerMinute: 40 });
    owner = await createUser(t);
    editor = await createUser(t);
    const made = await t.request('POST', '/api/v1/workspaces', {
      token: owner.token,
      json: { name: 'Scripts' },
    });
    workspaceId = (made.body as { id: string }).id;
    const added = await t.request('POST', `/api/v1/workspaces/${workspaceId}/members`, {
      token: owner.token,
      json: { email: editor.email, role: 'editor' },
    });
    expect(added.status, added.text).toBe(201);
  });
  afterAll(() => t.close());

  const tokensUrl = () => `/api/v1/workspaces/${workspaceId}/tokens`;

  async function makeToken(body: Record<string, unknown>, as: TestUser = owner) {
    const name = `script-${crypto.randomBytes(4).toString('hex')}`;
    const response = await t.request('POST', tokensUrl(), {
      token: as.token,
      json: { name, ...body },
    });
    expect(response.status, response.text).toBe(201);
    expect(Object.keys(response.body as object).sort()).toEqual(['id', 'token']);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return { ...(response.body as { id: string; token: string }), name };
  }

  const list = async () =>
    (await t.request('GET', tokensUrl(), { token: owner.token })).body as ApiTokenList;

  it('shows the secret once, lists without it and keeps only its SHA-256', async () => {
    const made = await makeToken({ role: 'viewer', expires_at: '2099-01-01T00:00:00Z' });
    expect(made.token).toMatch(/^fbt_[A-Za-z0-9_-]{43}$/);
    const listed = await list();
    const text = JSON.stringify(listed);
    expect(text).not.toContain(made.token);
    expect(listed.tokens.find((one) => one.id === made.id)).toMatchObject({
      name: made.name,
      role: 'viewer',
      created_by: { id: owner.id, email: owner.email },
      expires_at: '2099-01-01T00:00:00.000Z',
      last_used_at: null,
      expired: false,
    });
    const row = await t.ctx.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(crypto.createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.token.slice(4));
  });

  it('works on API routes with its role, pinned to its workspace, noting last use', async () => {
    const made = await makeToken({ role: 'viewer' });
    const read = await t.request('GET', '/api/v1/dynamic-tables', { token: made.token });
    expect(read.status, read.text).toBe(200);
    const write = await t.request('POST', '/api/v1/dynamic-tables', {
      token: made.token,
      json: { name: 'Nope', fields: [] },
    });
    expect(write.status).toBe(403);
    // Another workspace, even one its creator owns, is unknown to the token.
    const elsewhere = await t.request('GET', '/api/v1/dynamic-tables', {
      token: made.token,
      headers: { 'X-Workspace-Id': owner.id },
    });
    expect(elsewhere.status).toBe(404);
    const same = await t.request('GET', '/api/v1/dynamic-tables', {
      token: made.token,
      headers: { 'X-Workspace-Id': workspaceId },
    });
    expect(same.status).toBe(200);
    const listed = (await list()).tokens.find((one) => one.id === made.id);
    expect(listed?.last_used_at).not.toBeNull();
    expect(listed?.last_used_ip).toBe('127.0.0.1');
  });

  it("audits a token's writes as the token, from the API", async () => {
    const made = await makeToken({ role: 'editor' });
    const table = await createTable(t, { ...owner, token: made.token }, { name: 'By script' });
    const page = await t.request(
      'GET',
      `/api/v1/workspaces/${workspaceId}/audit?target_id=${table.id}`,
      { token: owner.token },
    );
    const [event] = (page.body as AuditPage).events;
    expect(event).toMatchObject({
      action: 'table.created',
      actor: { kind: 'token', id: made.id, name: made.name },
      source: 'api',
    });
    const created = await t.request(
      'GET',
      `/api/v1/workspaces/${workspaceId}/audit?target_id=${made.id}`,
      { token: owner.token },
    );
    expect((created.body as AuditPage).events[0]).toMatchObject({
      action: 'api_token.created',
      actor: { kind: 'user', id: owner.id },
      target: { kind: 'api_token', id: made.id, name: made.name },
    });
  });

  it('answers 401 with the reason once revoked or expired', async () => {
    const made = await makeToken({ role: 'editor' });
    const revoke = await t.request('DELETE', `${tokensUrl()}/${made.id}`, { token: owner.token });
    expect(revoke.status).toBe(204);
    const after = await t.request('GET', '/api/v1/dynamic-tables', { token: made.token });
    expect([after.status, after.body]).toEqual([
      401,
      { detail: API_TOKEN_MESSAGES.revoked, code: 'token_revoked' },
    ]);
    expect((await list()).tokens.map((one) => one.id)).not.toContain(made.id);
    const again = await t.request('DELETE', `${tokensUrl()}/${made.id}`, { token: owner.token });
    expect(again.status).toBe(404);

    const soon = await makeToken({
      role: 'viewer',
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    await t.ctx.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', soon.id)
      .execute();
    const expired = await t.request('GET', '/api/v1/dynamic-tables', { token: soon.token });
    expect([expired.status, (expired.body as { detail: string }).detail]).toEqual([
      401,
      API_TOKEN_MESSAGES.expired,
    ]);
    const unknown = await t.request('GET', '/api/v1/dynamic-tables', { token: 'fbt_nothing' });
    expect(unknown.status).toBe(401);
  });

  it('lets only Admins make tokens, never above Editor, with a future expiry', async () => {
    const asEditor = await t.request('POST', tokensUrl(), {
      token: editor.token,
      json: { name: 'mine', role: 'viewer' },
    });
    expect(asEditor.status).toBe(403);
    for (const role of ['admin', 'owner']) {
      const above = await t.request('POST', tokensUrl(), {
        token: owner.token,
        json: { name: 'too much', role },
      });
      expect(above.status, role).toBe(422);
    }
    const past = await t.request('POST', tokensUrl(), {
      token: owner.token,
      json: { name: 'past', role: 'viewer', expires_at: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(422);
    const first = await makeToken({ role: 'viewer' });
    const twin = await t.request('POST', tokensUrl(), {
      token: owner.token,
      json: { name: first.name, role: 'viewer' },
    });
    expect(twin.status).toBe(409);
  });

  it('never lets a token manage tokens, members, invitations or the workspace', async () => {
    const made = await makeToken({ role: 'editor' });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', tokensUrl()],
      ['POST', tokensUrl(), { name: 'child', role: 'viewer' }],
      ['DELETE', `${tokensUrl()}/${made.id}`],
      [
        'POST',
        `/api/v1/workspaces/${workspaceId}/members`,
        { email: 'x@example.com', role: 'admin' },
      ],
      ['PATCH', `/api/v1/workspaces/${workspaceId}/members/${editor.id}`, { role: 'admin' }],
      ['DELETE', `/api/v1/workspaces/${workspaceId}/members/${owner.id}`],
      ['PATCH', `/api/v1/workspaces/${workspaceId}`, { name: 'Mine now' }],
      ['POST', '/api/v1/invitations', { email: 'x@example.com' }],
      ['GET', '/api/v1/auth/me'],
      ['POST', '/api/v1/auth/change-password', { current_password: 'a', new_password: 'b' }],
      ['GET', '/api/v1/admin/users'],
    ];
    for (const [method, url, json] of calls) {
      const answer = await t.request(method, url, {
        token: made.token,
        ...(json === undefined ? {} : { json }),
      });
      expect([`${method} ${url}`, answer.status, (answer.body as { code?: string }).code]).toEqual([
        `${method} ${url}`,
        403,
        'token_not_allowed',
      ]);
    }
    expect((await list()).tokens.map((one) => one.name)).not.toContain('child');
  });

  it('stops working when its creator leaves the workspace', async () => {
    const admin = await createUser(t);
    await t.request('POST', `/api/v1/workspaces/${workspaceId}/members`, {
      token: owner.token,
      json: { email: admin.email, role: 'admin' },
    });
    const made = await makeToken({ role: 'editor' }, admin);
    expect((await t.request('GET', '/api/v1/jobs', { token: made.token })).status).toBe(200);
    await t.request('DELETE', `/api/v1/workspaces/${workspaceId}/members/${admin.id}`, {
      token: owner.token,
    });
    const gone = await t.request('GET', '/api/v1/jobs', { token: made.token });
    expect([gone.status, (gone.body as { detail: string }).detail]).toEqual([
      401,
      API_TOKEN_MESSAGES.creatorGone,
    ]);
  });

  it('limits requests per token with 429 and Retry-After', async () => {
    const made = await makeToken({ role: 'viewer' });
    const other = await makeToken({ role: 'viewer' });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 41; i += 1) {
      last = await t.request('GET', '/api/v1/jobs', { token: made.token });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last?.body).toMatchObject({ detail: expect.stringContaining('Too many requests') });
    // Another token of the same workspace has its own count.
    expect((await t.request('GET', '/api/v1/jobs', { token: other.token })).status).toBe(200);
  });
});
