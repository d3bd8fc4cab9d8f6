import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleNeededMessage } from '@formbridge/contract/workspaces';
import { createUser, DIALECTS, startTestApp, type TestApp } from '../../test/harness.ts';
import { createTable } from '../../test/factories.ts';

// The request's member: X-Workspace-Id names where a request acts (absent: the caller's personal
// workspace); a workspace the caller is not a member of is 404, a role too low is 403.
for (const dialect of DIALECTS) {
  describe(`workspace of a request on ${dialect}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.close());

    async function addMember(workspaceId: string, userId: string, role: string) {
      await t.ctx.db
        .insertInto('workspace_members')
        .values({ workspace_id: workspaceId, user_id: userId, role, created_at: '2026-11-27' })
        .execute();
    }

    it('gives every new account its personal workspace, with the account as Owner', async () => {
      const alice = await createUser(t);
      const rows = await t.ctx.db
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
        .select(['workspaces.id', 'workspaces.personal_user_id', 'workspace_members.role'])
        .where('workspace_members.user_id', '=', alice.id)
        .execute();
      expect(rows).toEqual([{ id: alice.id, personal_user_id: alice.id, role: 'owner' }]);
    });

    it('acts in the personal workspace without the header and with its own id', async () => {
      const alice = await createUser(t);
      const table = await createTable(t, alice, { name: 'Clients' });
      for (const headers of [{}, { 'X-Workspace-Id': alice.id }] as Array<Record<string, string>>) {
        const list = await t.request('GET', '/api/v1/dynamic-tables', {
          token: alice.token,
          headers,
        });
        expect(list.status).toBe(200);
        expect((list.body as Array<{ id: string }>).map((one) => one.id)).toEqual([table.id]);
      }
    });

    it('answers 404 "Workspace not found." for a workspace the caller is not in', async () => {
      const alice = await createUser(t);
      const bob = await createUser(t);
      await createTable(t, alice, { name: 'Clients' });
      for (const id of [alice.id, 'no-such-workspace', 'x'.repeat(200)]) {
        for (const url of ['/api/v1/dynamic-tables', '/api/v1/dynamic-tables/x/records']) {
          const response = await t.request('GET', url, {
            token: bob.token,
            headers: { 'X-Workspace-Id': id },
          });
          expect(response.status, `${url} in ${id}`).toBe(404);
          expect(response.body).toEqual({ detail: 'Workspace not found.' });
        }
      }
    });

    it('lets a member read and write in the named workspace, as its role allows', async () => {
      const alice = await createUser(t);
      const editor = await createUser(t);
      const viewer = await createUser(t);
      await addMember(alice.id, editor.id, 'editor');
      await addMember(alice.id, viewer.id, 'viewer');
      const inAlice = { 'X-Workspace-Id': alice.id };

      const made = await t.request('POST', '/api/v1/dynamic-tables', {
        token: editor.token,
        headers: inAlice,
        json: { name: 'Shared', fields: [{ name: 'Name', type: 'string' }] },
      });
      expect(made.status).toBe(201);
      const tableId = (made.body as { id: string }).id;
      // The table is Alice's workspace's: Alice sees it with no header, the editor only there.
      const own = await t.request('GET', `/api/v1/dynamic-tables/${tableId}`, {
        token: alice.token,
      });
      expect(own.status).toBe(200);
      const editorsOwn = await t.request('GET', `/api/v1/dynamic-tables/${tableId}`, {
        token: editor.token,
      });
      expect(editorsOwn.status).toBe(404);

      const read = await t.request('GET', `/api/v1/dynamic-tables/${tableId}/records`, {
        token: viewer.token,
        headers: inAlice,
      });
      expect(read.status).toBe(200);
      const write = await t.request('POST', `/api/v1/dynamic-tables/${tableId}/records`, {
        token: viewer.token,
        headers: inAlice,
        json: { data: { Name: 'Ada' } },
      });
      expect(write.status).toBe(403);
      expect(write.body).toEqual({
        detail: roleNeededMessage('editor', 'viewer'),
        code: 'role_needed',
      });
      expect(write.body).toEqual({
        detail: 'This needs an Editor of this workspace; your role is Viewer.',
        code: 'role_needed',
      });
    });

    it('checks the session before the workspace: no token is 401 whatever the header', async () => {
      const response = await t.request('GET', '/api/v1/dynamic-tables', {
        headers: { 'X-Workspace-Id': 'anything' },
      });
      expect(response.status).toBe(401);
    });
  });
}
