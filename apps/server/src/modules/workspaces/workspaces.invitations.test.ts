import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@formbridge/contract/audit';
import type { Workspace, WorkspaceInvitationList } from '@formbridge/contract/workspaces';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';

// Pending invitations on the members screen over real HTTP: listed (pending only), withdrawn
// (the link stops working), resent (a new link; the old one stops working), each audited; only
// this workspace's Admins may.
describe.each(DIALECTS)('workspace invitations on %s', (dialect) => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: TestUser;
  let editor: TestUser;
  let outsider: TestUser;
  let workspace: Workspace;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(dialect, { smtpUrl: sink.url, publicUrl: 'https://forms.example' });
    owner = await createUser(t);
    editor = await createUser(t);
    outsider = await createUser(t);
    const made = await t.request('POST', '/api/v1/workspaces', {
      token: owner.token,
      json: { name: 'Front office' },
    });
    workspace = made.body as Workspace;
    const added = await t.request('POST', `/api/v1/workspaces/${workspace.id}/members`, {
      token: owner.token,
      json: { email: editor.email, role: 'editor' },
    });
    expect(added.status, added.text).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const base = () => `/api/v1/workspaces/${workspace.id}/invitations`;
  const tokenOf = (text: string | undefined) =>
    /\/register\?invite=([\w-]+)/.exec(text ?? '')?.[1] ?? '';

  async function invite(email: string, role = 'viewer') {
    const before = sink.messages.length;
    const sent = await t.request('POST', `/api/v1/workspaces/${workspace.id}/members`, {
      token: owner.token,
      json: { email, role },
    });
    expect(sent.status, sent.text).toBe(202);
    return { id: (sent.body as { id: string }).id, token: tokenOf(sink.messages[before]?.text) };
  }

  const pending = async (who: TestUser = owner) => {
    const listed = await t.request('GET', base(), { token: who.token });
    expect(listed.status, listed.text).toBe(200);
    return (listed.body as WorkspaceInvitationList).invitations;
  };
  const signup = (email: string, token: string) =>
    t.request('POST', '/api/v1/auth/signup', {
      json: { email, password: 'longenough', invite_token: token },
    });
  const auditActions = async () =>
    (
      (await t.request('GET', `/api/v1/workspaces/${workspace.id}/audit`, { token: owner.token }))
        .body as AuditPage
    ).events.map((event) => [event.action, event.target.kind, event.target.name]);

  it('lists pending invitations only: not used, not expired', async () => {
    const kept = await invite('kept@example.com', 'editor');
    const used = await invite('used@example.com');
    const stale = await invite('stale@example.com');
    expect((await signup('used@example.com', used.token)).status).toBe(201);
    await t.ctx.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', stale.id)
      .execute();
    expect(await pending()).toEqual([
      {
        id: kept.id,
        email: 'kept@example.com',
        role: 'editor',
        invited_by: owner.email,
        created_at: expect.any(String),
        expires_at: expect.any(String),
      },
    ]);
    // The expired one is no longer pending: withdrawing it is a 404 like any other.
    const gone = await t.request('DELETE', `${base()}/${stale.id}`, { token: owner.token });
    expect(gone.status).toBe(404);
  });

  it('withdraws: the link then fails at sign-up, and the log says who withdrew it', async () => {
    const { id, token } = await invite('withdrawn@example.com');
    const withdrawn = await t.request('DELETE', `${base()}/${id}`, { token: owner.token });
    expect(withdrawn.status, withdrawn.text).toBe(204);
    expect((await pending()).map((one) => one.id)).not.toContain(id);
    const refused = await signup('withdrawn@example.com', token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'invitation_invalid' });
    const again = await t.request('DELETE', `${base()}/${id}`, { token: owner.token });
    expect(again.status).toBe(404);
    expect(await auditActions()).toContainEqual([
      'invitation.withdrawn',
      'invitation',
      'withdrawn@example.com',
    ]);
  });

  it('resends with a new link: the old one stops working, the new one signs up', async () => {
    const { id, token: oldToken } = await invite('resent@example.com', 'editor');
    const before = sink.messages.length;
    const resent = await t.request('POST', `${base()}/${id}/resend`, { token: owner.token });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body).toMatchObject({ id, email: 'resent@example.com', role: 'editor' });
    const newToken = tokenOf(sink.messages[before]?.text);
    expect(newToken).not.toBe('');
    expect(newToken).not.toBe(oldToken);
    expect((await signup('resent@example.com', oldToken)).status).toBe(403);
    expect(await auditActions()).toContainEqual([
      'invitation.resent',
      'invitation',
      'resent@example.com',
    ]);
    const joined = await signup('resent@example.com', newToken);
    expect(joined.status, joined.text).toBe(201);
    const members = await t.request('GET', `/api/v1/workspaces/${workspace.id}/members`, {
      token: owner.token,
    });
    expect(members.body).toMatchObject({
      members: expect.arrayContaining([
        { user_id: expect.any(String), email: 'resent@example.com', role: 'editor' },
      ]),
    });
    const used = await t.request('POST', `${base()}/${id}/resend`, { token: owner.token });
    expect(used.status).toBe(404);
  });

  it('keeps the old link working when the mail server refuses the resend', async () => {
    const { id, token: oldToken } = await invite('bounced@example.com');
    sink.refuseRecipient('bounced@example.com');
    const before = sink.messages.length;
    const resent = await t.request('POST', `${base()}/${id}/resend`, { token: owner.token });
    expect(resent.status).toBe(422);
    expect(resent.body).toEqual({
      detail: 'The mail server refused the recipient: bounced@example.com',
      code: 'recipients_refused',
    });
    expect(sink.messages.length).toBe(before);
    expect(await auditActions()).not.toContainEqual([
      'invitation.resent',
      'invitation',
      'bounced@example.com',
    ]);
    // Still pending, and the link the invitee already has still signs up.
    expect((await pending()).map((one) => one.id)).toContain(id);
    const joined = await signup('bounced@example.com', oldToken);
    expect(joined.status, joined.text).toBe(201);
  });

  it("refuses an Editor (403) and answers another workspace's Admin with 404", async () => {
    const { id, token } = await invite('guarded@example.com');
    const asEditor = await t.request('GET', base(), { token: editor.token });
    expect(asEditor.status).toBe(403);
    const editorWithdraws = await t.request('DELETE', `${base()}/${id}`, { token: editor.token });
    expect(editorWithdraws.status).toBe(403);
    // The outsider is the Owner of their own workspace: this invitation is not in it.
    const elsewhere = `/api/v1/workspaces/${outsider.id}/invitations/${id}`;
    const foreign = await t.request('DELETE', elsewhere, { token: outsider.token });
    expect(foreign.status).toBe(404);
    const foreignResend = await t.request('POST', `${elsewhere}/resend`, {
      token: outsider.token,
    });
    expect(foreignResend.status).toBe(404);
    const theirs = await t.request('GET', `/api/v1/workspaces/${outsider.id}/invitations`, {
      token: outsider.token,
    });
    expect(theirs.body).toEqual({ invitations: [] });
    expect((await pending()).map((one) => one.id)).toContain(id);
    expect((await signup('guarded@example.com', token)).status).toBe(201);
  });
});
