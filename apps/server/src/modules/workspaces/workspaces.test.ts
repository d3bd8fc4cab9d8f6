import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@formbridge/contract/audit';
import { WORKSPACE_MESSAGES, type Workspace } from '@formbridge/contract/workspaces';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { createTable } from '../../../test/factories.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';

// Workspaces over real HTTP: create, list, rename, delete; members added at once (201) or
// invited by e-mail (202), roles changed, removed, leaving; ownership transferred.
describe.each(DIALECTS)('workspaces on %s', (dialect) => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: TestUser;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(dialect, { smtpUrl: sink.url, publicUrl: 'https://forms.example' });
    admin = await createUser(t); // the server's first account: its instance admin
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  async function createWorkspace(owner: TestUser, name = 'Front office'): Promise<Workspace> {
    const made = await t.request('POST', '/api/v1/workspaces', {
      token: owner.token,
      json: { name },
    });
    expect(made.status, made.text).toBe(201);
    return made.body as Workspace;
  }

  async function add(owner: TestUser, workspaceId: string, email: string, role: string) {
    return t.request('POST', `/api/v1/workspaces/${workspaceId}/members`, {
      token: owner.token,
      json: { email, role },
    });
  }

  const members = async (who: TestUser, id: string) =>
    (
      (await t.request('GET', `/api/v1/workspaces/${id}/members`, { token: who.token })).body as {
        members: Array<{ user_id: string; role: string }>;
      }
    ).members.map((one) => `${one.user_id}:${one.role}`);

  it('lists the personal workspace, then created ones; the creator is their Owner', async () => {
    const alice = await createUser(t);
    const first = await t.request('GET', '/api/v1/workspaces', { token: alice.token });
    expect(first.body).toEqual({
      workspaces: [{ id: alice.id, name: 'Personal', role: 'owner', personal: true }],
    });
    const shared = await createWorkspace(alice, '  Front office ');
    expect(shared).toEqual({
      id: expect.any(String),
      name: 'Front office',
      role: 'owner',
      personal: false,
    });
    const listed = await t.request('GET', '/api/v1/workspaces', { token: alice.token });
    expect((listed.body as { workspaces: Workspace[] }).workspaces.map((one) => one.id)).toEqual([
      alice.id,
      shared.id,
    ]);
    const empty = await t.request('POST', '/api/v1/workspaces', {
      token: alice.token,
      json: { name: ' ' },
    });
    expect(empty.status).toBe(422);
  });

  it('adds an existing account at once with its role; it then works there', async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    const shared = await createWorkspace(alice);
    const added = await add(alice, shared.id, bob.email.toUpperCase(), 'editor');
    expect(added.status, added.text).toBe(201);
    expect(added.body).toEqual({ user_id: bob.id, email: bob.email, role: 'editor' });
    expect((await add(alice, shared.id, bob.email, 'viewer')).status).toBe(409);

    const bobs = await t.request('GET', '/api/v1/workspaces', { token: bob.token });
    expect((bobs.body as { workspaces: Workspace[] }).workspaces).toContainEqual({
      id: shared.id,
      name: 'Front office',
      role: 'editor',
      personal: false,
    });
    const table = await t.request('POST', '/api/v1/dynamic-tables', {
      token: bob.token,
      headers: { 'X-Workspace-Id': shared.id },
      json: { name: 'Clients', fields: [{ name: 'name', type: 'string' }] },
    });
    expect(table.status).toBe(201);
    const alicesView = await t.request('GET', '/api/v1/dynamic-tables', {
      token: alice.token,
      headers: { 'X-Workspace-Id': shared.id },
    });
    expect((alicesView.body as Array<{ name: string }>).map((one) => one.name)).toEqual([
      'Clients',
    ]);
  });

  it("keeps every membership change in the workspace's Activity, with roles before → after", async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    const carol = await createUser(t);
    const shared = await createWorkspace(alice, 'Clinic');
    expect((await add(alice, shared.id, bob.email, 'editor')).status).toBe(201);
    expect((await add(alice, shared.id, carol.email, 'viewer')).status).toBe(201);
    expect((await add(alice, shared.id, 'new.person@example.com', 'viewer')).status).toBe(202);
    const roled = await t.request('PATCH', `/api/v1/workspaces/${shared.id}/members/${bob.id}`, {
      token: alice.token,
      json: { role: 'admin' },
    });
    expect(roled.status, roled.text).toBe(200);
    const removed = await t.request(
      'DELETE',
      `/api/v1/workspaces/${shared.id}/members/${carol.id}`,
      {
        token: alice.token,
      },
    );
    expect(removed.status).toBe(204);
    const renamed = await t.request('PATCH', `/api/v1/workspaces/${shared.id}`, {
      token: alice.token,
      json: { name: 'Clinic North' },
    });
    expect(renamed.status, renamed.text).toBe(200);

    const audit = await t.request('GET', `/api/v1/workspaces/${shared.id}/audit`, {
      token: alice.token,
    });
    expect(audit.status, audit.text).toBe(200);
    const events = (audit.body as AuditPage).events
      .map((event) => [event.action, event.target.name, event.changes, event.actor.name])
      .reverse();
    const role = (before: string | null, after: string | null) => [
      { field: 'role', before, after },
    ];
    expect(events).toEqual([
      [
        'workspace.created',
        'Clinic',
        [{ field: 'name', before: null, after: 'Clinic' }],
        alice.email,
      ],
      ['member.added', bob.email, role(null, 'editor'), alice.email],
      ['member.added', carol.email, role(null, 'viewer'), alice.email],
      [
        'invitation.sent',
        'new.person@example.com',
        [
          { field: 'email', before: null, after: 'new.person@example.com' },
          { field: 'role', before: null, after: 'viewer' },
        ],
        alice.email,
      ],
      ['member.role_changed', bob.email, role('editor', 'admin'), alice.email],
      ['member.removed', carol.email, role('viewer', null), alice.email],
      [
        'workspace.renamed',
        'Clinic North',
        [{ field: 'name', before: 'Clinic', after: 'Clinic North' }],
        alice.email,
      ],
    ]);
  });

  it('e-mails an invitation into the workspace; signing up with it makes a member', async () => {
    const alice = await createUser(t);
    const shared = await createWorkspace(alice, 'Clinic');
    const before = sink.messages.length;
    const invited = await add(alice, shared.id, 'newcomer@example.com', 'viewer');
    expect(invited.status, invited.text).toBe(202);
    expect(invited.body).toMatchObject({ email: 'newcomer@example.com', status: 'pending' });
    const mail = sink.messages[before];
    expect(mail?.text).toContain('join the workspace "Clinic"');
    const token = /\/register\?invite=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const signup = await t.request('POST', '/api/v1/auth/signup', {
      json: { email: 'newcomer@example.com', password: 'longenough', invite_token: token },
    });
    expect(signup.status, signup.text).toBe(201);
    const newcomerId = (signup.body as { id: string }).id;
    expect(await members(alice, shared.id)).toEqual([`${alice.id}:owner`, `${newcomerId}:viewer`]);
  });

  it('changes roles, removes members, lets members leave but never the Owner', async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    const carol = await createUser(t);
    const shared = await createWorkspace(alice);
    await add(alice, shared.id, bob.email, 'viewer');
    await add(alice, shared.id, carol.email, 'editor');
    const base = `/api/v1/workspaces/${shared.id}/members`;

    const promoted = await t.request('PATCH', `${base}/${bob.id}`, {
      token: alice.token,
      json: { role: 'admin' },
    });
    expect(promoted.body).toEqual({ user_id: bob.id, email: bob.email, role: 'admin' });
    const toOwner = await t.request('PATCH', `${base}/${bob.id}`, {
      token: alice.token,
      json: { role: 'owner' },
    });
    expect(toOwner.status).toBe(422);
    const ownersRole = await t.request('PATCH', `${base}/${alice.id}`, {
      token: bob.token,
      json: { role: 'viewer' },
    });
    expect(ownersRole.status).toBe(409);
    expect(ownersRole.body).toEqual({ detail: WORKSPACE_MESSAGES.ownerRole });

    // An Editor may not remove others, but may leave.
    const removeOther = await t.request('DELETE', `${base}/${bob.id}`, { token: carol.token });
    expect(removeOther.status).toBe(403);
    expect(removeOther.body).toMatchObject({
      detail: 'This needs an Admin of this workspace; your role is Editor.',
    });
    expect((await t.request('DELETE', `${base}/${carol.id}`, { token: carol.token })).status).toBe(
      204,
    );
    const gone = await t.request('GET', '/api/v1/dynamic-tables', {
      token: carol.token,
      headers: { 'X-Workspace-Id': shared.id },
    });
    expect(gone.status).toBe(404);

    const ownerLeaves = await t.request('DELETE', `${base}/${alice.id}`, { token: alice.token });
    expect(ownerLeaves.status).toBe(409);
    expect(ownerLeaves.body).toEqual({ detail: WORKSPACE_MESSAGES.lastOwner });
    const adminRemovesOwner = await t.request('DELETE', `${base}/${alice.id}`, {
      token: bob.token,
    });
    expect(adminRemovesOwner.status).toBe(409);
    expect((await t.request('DELETE', `${base}/${bob.id}`, { token: alice.token })).status).toBe(
      204,
    );
    expect(await members(alice, shared.id)).toEqual([`${alice.id}:owner`]);
    expect((await t.request('DELETE', `${base}/${bob.id}`, { token: alice.token })).status).toBe(
      404,
    );
  });

  it('transfers ownership: the new Owner may delete, the old one is an Admin', async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    const shared = await createWorkspace(alice);
    await add(alice, shared.id, bob.email, 'editor');
    await createTable(t, alice);
    const transfer = (who: TestUser, id: string, userId: string) =>
      t.request('POST', `/api/v1/workspaces/${id}/transfer`, {
        token: who.token,
        json: { user_id: userId },
      });

    const byEditor = await transfer(bob, shared.id, bob.id);
    expect(byEditor.status).toBe(403);
    expect(byEditor.body).toMatchObject({
      detail: 'This needs the Owner of this workspace; your role is Editor.',
    });
    const done = await transfer(alice, shared.id, bob.id);
    expect(done.status, done.text).toBe(200);
    expect(await members(alice, shared.id)).toEqual([`${alice.id}:admin`, `${bob.id}:owner`]);
    const personal = await transfer(alice, alice.id, bob.id);
    expect(personal.status).toBe(409);

    const renamed = await t.request('PATCH', `/api/v1/workspaces/${shared.id}`, {
      token: alice.token,
      json: { name: 'Back office' },
    });
    expect(renamed.body).toEqual({
      id: shared.id,
      name: 'Back office',
      role: 'admin',
      personal: false,
    });
    const adminDeletes = await t.request('DELETE', `/api/v1/workspaces/${shared.id}`, {
      token: alice.token,
    });
    expect(adminDeletes.status).toBe(403);
    const deleted = await t.request('DELETE', `/api/v1/workspaces/${shared.id}`, {
      token: bob.token,
    });
    expect(deleted.status).toBe(204);
    const afterwards = await t.request('GET', '/api/v1/workspaces', { token: alice.token });
    expect((afterwards.body as { workspaces: Workspace[] }).workspaces.map((w) => w.id)).toEqual([
      alice.id,
    ]);
    // The personal workspace and its table are untouched; it cannot be deleted.
    const own = await t.request('GET', '/api/v1/dynamic-tables', { token: alice.token });
    expect((own.body as unknown[]).length).toBe(1);
    const personalDelete = await t.request('DELETE', `/api/v1/workspaces/${alice.id}`, {
      token: alice.token,
    });
    expect(personalDelete.status).toBe(409);
    expect(personalDelete.body).toEqual({ detail: WORKSPACE_MESSAGES.personalNotDeletable });
  });

  it('answers 404 for a workspace the caller is not a member of, on every path', async () => {
    const alice = await createUser(t);
    const mallory = await createUser(t);
    const shared = await createWorkspace(alice);
    for (const [method, path, json] of [
      ['GET', '/members', undefined],
      ['POST', '/members', { email: mallory.email, role: 'admin' }],
      ['PATCH', '', { name: 'Mine' }],
      ['DELETE', '', undefined],
      ['POST', '/transfer', { user_id: mallory.id }],
      ['DELETE', `/members/${alice.id}`, undefined],
    ] as const) {
      const response = await t.request(method, `/api/v1/workspaces/${shared.id}${path}`, {
        token: mallory.token,
        ...(json ? { json } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual({ detail: WORKSPACE_MESSAGES.notFound });
    }
    expect(await members(alice, shared.id)).toEqual([`${alice.id}:owner`]);
  });

  it('deletes an account with the workspaces it owns alone, not one others still use', async () => {
    const dave = await createUser(t);
    const erin = await createUser(t);
    const used = await createWorkspace(dave, 'Used by Erin');
    const alone = await createWorkspace(dave, 'Only Dave');
    await add(dave, used.id, erin.email, 'editor');
    const refused = await t.request('DELETE', `/api/v1/admin/users/${dave.id}`, {
      token: admin.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      detail:
        'This account owns the workspace "Used by Erin", which has other members: ' +
        'transfer its ownership first.',
    });
    expect(await members(dave, used.id)).toEqual([`${dave.id}:owner`, `${erin.id}:editor`]);

    await t.request('POST', `/api/v1/workspaces/${used.id}/transfer`, {
      token: dave.token,
      json: { user_id: erin.id },
    });
    const deleted = await t.request('DELETE', `/api/v1/admin/users/${dave.id}`, {
      token: admin.token,
    });
    expect(deleted.status, deleted.text).toBe(204);
    expect(await members(erin, used.id)).toEqual([`${erin.id}:owner`]);
    const left = await t.ctx.db
      .selectFrom('workspaces')
      .select('id')
      .where('id', 'in', [dave.id, used.id, alone.id])
      .execute();
    expect(left).toEqual([{ id: used.id }]);
  });
});
