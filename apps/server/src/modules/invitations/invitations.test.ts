import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';

const PASSWORD = 'longenough';

// Sign-up is closed on this server once the two staff accounts exist: invitations are the way in.
describe.each(DIALECTS)('invitations on %s', (dialect) => {
  let t: TestApp;
  let sink: SmtpSink;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(dialect, { smtpUrl: sink.url, publicUrl: 'https://forms.example' });
    // Alice's is the server's first account, so she is its admin; she lets Bob invite too.
    alice = await createUser(t);
    bob = await createUser(t);
    const allowed = await t.request('PATCH', `/api/v1/admin/users/${bob.id}`, {
      token: alice.token,
      json: { can_invite: true },
    });
    expect(allowed.status, allowed.text).toBe(200);
    t.ctx.config.allowSignup = false;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  async function invite(email: string, who: TestUser = alice) {
    const before = sink.messages.length;
    const response = await t.request('POST', '/api/v1/invitations', {
      token: who.token,
      json: { email },
    });
    expect(response.status, response.text).toBe(201);
    const mail = sink.messages[before];
    const token = /\/register\?invite=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    return { id: (response.body as { id: string }).id, token: token ?? '', mail };
  }

  const signup = (email: string, inviteToken?: string) =>
    t.request('POST', '/api/v1/auth/signup', {
      json: { email, password: PASSWORD, ...(inviteToken ? { invite_token: inviteToken } : {}) },
    });

  it('lets only the admin and the accounts the admin allowed send invitations', async () => {
    t.ctx.config.allowSignup = true;
    const carol = await createUser(t);
    t.ctx.config.allowSignup = false;
    const me = await t.request('GET', '/api/v1/auth/me', { token: carol.token });
    expect(me.body).toMatchObject({ is_admin: false, can_invite: false });
    const refused = await t.request('POST', '/api/v1/invitations', {
      token: carol.token,
      json: { email: 'friend-of-carol@example.com' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'invite_not_allowed' });
    await t.request('PATCH', `/api/v1/admin/users/${carol.id}`, {
      token: alice.token,
      json: { can_invite: true },
    });
    await invite('friend-of-carol@example.com', carol);
  });

  it('e-mails a link that signs up exactly the invited address once, while sign-up is closed', async () => {
    const { id, token, mail } = await invite('Carol.New@example.com');
    expect(mail?.subject).toBe(`${alice.email} invited you to Formbridge`);
    expect(mail?.text).toContain(`https://forms.example/register?invite=${token}`);
    expect(mail?.html).toContain('Create your account');
    expect(sink.envelopes.at(-1)?.to).toEqual(['Carol.New@example.com']);

    const listed = await t.request('GET', '/api/v1/invitations', { token: alice.token });
    expect(listed.body).toEqual([
      expect.objectContaining({
        id,
        email: 'Carol.New@example.com',
        status: 'pending',
        accepted_at: null,
      }),
    ]);
    const check = await t.request('POST', '/api/v1/invitations/check', { json: { token } });
    expect(check.body).toMatchObject({ email: 'Carol.New@example.com' });

    expect((await signup('carol.new@example.com')).status).toBe(403);
    const wrong = await signup('mallory@example.com', token);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'invitation_email_mismatch' });

    const created = await signup('carol.new@example.com', token);
    expect(created.status, created.text).toBe(201);
    const login = await t.request('POST', '/api/v1/auth/login', {
      form: { username: 'carol.new@example.com', password: PASSWORD },
    });
    expect(login.status).toBe(200);

    const again = await signup('carol.other@example.com', token);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'invitation_invalid' });
    expect((await t.request('POST', '/api/v1/invitations/check', { json: { token } })).status).toBe(
      404,
    );
    const after = await t.request('GET', '/api/v1/invitations', { token: alice.token });
    expect(after.body).toEqual([expect.objectContaining({ id, status: 'accepted' })]);
  });

  it('a new invitation replaces the older link; revoking stops the link; expiry too', async () => {
    const first = await invite('dave@example.com', bob);
    const second = await invite('dave@example.com', bob);
    expect((await signup('dave@example.com', first.token)).body).toMatchObject({
      code: 'invitation_invalid',
    });
    const listed = await t.request('GET', '/api/v1/invitations', { token: bob.token });
    expect((listed.body as Array<{ id: string }>).map((row) => row.id)).toEqual([second.id]);

    // Another user cannot see or revoke it.
    const foreign = await t.request('DELETE', `/api/v1/invitations/${second.id}`, {
      token: alice.token,
    });
    expect(foreign.status).toBe(404);
    expect(
      (await t.request('GET', '/api/v1/invitations', { token: alice.token })).body,
    ).not.toContainEqual(expect.objectContaining({ id: second.id }));

    const revoke = await t.request('DELETE', `/api/v1/invitations/${second.id}`, {
      token: bob.token,
    });
    expect(revoke.status).toBe(204);
    expect((await signup('dave@example.com', second.token)).status).toBe(403);

    const third = await invite('erin@example.com', bob);
    await t.ctx.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', third.id)
      .execute();
    expect((await signup('erin@example.com', third.token)).body).toMatchObject({
      code: 'invitation_invalid',
    });
    const expired = await t.request('GET', '/api/v1/invitations', { token: bob.token });
    expect(expired.body).toContainEqual(
      expect.objectContaining({ id: third.id, status: 'expired' }),
    );
  });

  it('refuses registered addresses, bad input and anonymous senders', async () => {
    const taken = await t.request('POST', '/api/v1/invitations', {
      token: alice.token,
      json: { email: bob.email.toUpperCase() },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ detail: 'Email already registered' });
    const invalid = await t.request('POST', '/api/v1/invitations', {
      token: alice.token,
      json: { email: 'not-an-address' },
    });
    expect(invalid.status).toBe(422);
    const anonymous = await t.request('POST', '/api/v1/invitations', {
      json: { email: 'x@example.com' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('invitation when the mail server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 1 refuses connections; no retries so the test answers at once.
    t = await startTestApp('sqlite', { smtpUrl: 'smtp://127.0.0.1:1', mailRetryDelaysMs: [] });
  });
  afterAll(() => t.close());

  it('answers 502 and keeps no invitation', async () => {
    const user = await createUser(t);
    const response = await t.request('POST', '/api/v1/invitations', {
      token: user.token,
      json: { email: 'frank@example.com' },
    });
    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({ code: 'mail_failed' });
    expect((await t.request('GET', '/api/v1/invitations', { token: user.token })).body).toEqual([]);
  });
});
