import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTable } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';

// The office's admin (the server's first account) runs the accounts: list, disable, delete.
describe.each(DIALECTS)('account administration on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await createUser(t);
  });
  afterAll(() => t.close());

  const patch = (id: string, json: unknown, token = admin.token) =>
    t.request('PATCH', `/api/v1/admin/users/${id}`, { token, json });

  it('lists every account, oldest first, to the admin only', async () => {
    const clerk = await createUser(t);
    const listed = await t.request('GET', '/api/v1/admin/users', { token: admin.token });
    expect(listed.status).toBe(200);
    const { users } = listed.body as { users: Array<Record<string, unknown>> };
    expect(users[0]).toEqual({
      id: admin.id,
      email: admin.email,
      is_admin: true,
      disabled: false,
      can_invite: true,
      created_at: expect.any(String),
    });
    expect(users).toContainEqual(
      expect.objectContaining({
        id: clerk.id,
        is_admin: false,
        disabled: false,
        can_invite: false,
      }),
    );
    expect(JSON.stringify(users)).not.toContain('password');

    const asClerk = await t.request('GET', '/api/v1/admin/users', { token: clerk.token });
    expect(asClerk.status).toBe(403);
    expect(asClerk.body).toMatchObject({ code: 'admin_only' });
    expect((await patch(admin.id, { disabled: true }, clerk.token)).status).toBe(403);
    expect((await t.request('GET', '/api/v1/admin/users')).status).toBe(401);
  });

  it('disables an account: its tokens get 401 at once, sign-in is refused, enabling lets it back', async () => {
    const clerk = await createUser(t);
    const table = await createTable(t, clerk);
    const records = () =>
      t.request('GET', `/api/v1/dynamic-tables/${table.id}/records?limit=5`, {
        token: clerk.token,
      });
    expect((await records()).status).toBe(200);

    const disabled = await patch(clerk.id, { disabled: true });
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body).toMatchObject({ id: clerk.id, disabled: true });
    expect((await t.request('GET', '/api/v1/auth/me', { token: clerk.token })).status).toBe(401);
    expect((await records()).status).toBe(401);
    const login = await t.request('POST', '/api/v1/auth/login', {
      form: { username: clerk.email, password: clerk.password },
    });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'account_disabled' });

    expect((await patch(clerk.id, { disabled: false })).body).toMatchObject({ disabled: false });
    // The old token stays revoked; a new sign-in works.
    expect((await t.request('GET', '/api/v1/auth/me', { token: clerk.token })).status).toBe(401);
    const again = await t.request('POST', '/api/v1/auth/login', {
      form: { username: clerk.email, password: clerk.password },
    });
    expect(again.status).toBe(200);
  });

  it('deletes an account with what it owns', async () => {
    const leaver = await createUser(t);
    await createTable(t, leaver);
    const deleted = await t.request('DELETE', `/api/v1/admin/users/${leaver.id}`, {
      token: admin.token,
    });
    expect(deleted.status).toBe(204);
    expect((await t.request('GET', '/api/v1/auth/me', { token: leaver.token })).status).toBe(401);
    const tables = await t.ctx.db
      .selectFrom('dynamic_tables')
      .select('id')
      .where('owner_id', '=', leaver.id)
      .execute();
    expect(tables).toEqual([]);
    const gone = await t.request('DELETE', `/api/v1/admin/users/${leaver.id}`, {
      token: admin.token,
    });
    expect(gone.status).toBe(404);
  });

  it('refuses to let the admin disable or delete their own account', async () => {
    const self = await patch(admin.id, { disabled: true });
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ code: 'not_yourself' });
    const deleteSelf = await t.request('DELETE', `/api/v1/admin/users/${admin.id}`, {
      token: admin.token,
    });
    expect(deleteSelf.status).toBe(409);
    expect((await t.request('GET', '/api/v1/auth/me', { token: admin.token })).status).toBe(200);
  });

  it('answers 422 for an empty change and 404 for an unknown account', async () => {
    const clerk = await createUser(t);
    expect((await patch(clerk.id, {})).status).toBe(422);
    expect((await patch(clerk.id, { disabled: 'yes' })).status).toBe(422);
    expect((await patch('00000000-0000-4000-8000-000000000000', { can_invite: true })).status).toBe(
      404,
    );
  });
});
