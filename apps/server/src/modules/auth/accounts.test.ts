import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { createTable, createRecord } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';

const NEW_PASSWORD = 'a brand new password';

// Sign-out, password change and "forgot password" as a user meets them; every revocation is
// checked on a second app process sharing the database, as behind a load balancer.
describe.each(DIALECTS)('accounts on %s', (dialect) => {
  let t: TestApp;
  let sink: SmtpSink;
  let second: BuiltApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(dialect, { smtpUrl: sink.url, publicUrl: 'https://forms.example' });
    await createUser(t); // the admin: the accounts below are ordinary ones
    second = await buildApp({ ...t.ctx.config });
  });
  afterAll(async () => {
    await second.app.close();
    await t.close();
    await sink.close();
  });

  const me = (token: string) => t.request('GET', '/api/v1/auth/me', { token });
  const meOnSecond = async (token: string) =>
    (
      await second.app.inject({
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;
  const login = (email: string, password: string) =>
    t.request('POST', '/api/v1/auth/login', { form: { username: email, password } });
  async function signIn(user: TestUser, password = user.password): Promise<string> {
    const response = await login(user.email, password);
    expect(response.status, response.text).toBe(200);
    return (response.body as { access_token: string }).access_token;
  }

  it('signs out one token at once on every process; the other sessions stay', async () => {
    const user = await createUser(t);
    const laptop = await signIn(user);
    const table = await createTable(t, user);
    await createRecord(t, user, table.id, { name: 'Ada' });
    const records = (token: string) =>
      t.request('GET', `/api/v1/dynamic-tables/${table.id}/records?limit=10`, { token });
    expect((await records(user.token)).status).toBe(200);
    expect(await meOnSecond(user.token)).toBe(200);

    const out = await t.request('POST', '/api/v1/auth/logout', { token: user.token });
    expect(out.status).toBe(204);
    expect((await me(user.token)).status).toBe(401);
    expect((await records(user.token)).status).toBe(401);
    expect(await meOnSecond(user.token)).toBe(401);
    expect((await me(laptop)).status).toBe(200);
    expect((await records(laptop)).status).toBe(200);
  });

  it('signs out everywhere: every token of the account gets 401', async () => {
    const user = await createUser(t);
    const laptop = await signIn(user);
    expect(await meOnSecond(laptop)).toBe(200);
    const out = await t.request('POST', '/api/v1/auth/logout-all', { token: user.token });
    expect(out.status).toBe(204);
    for (const token of [user.token, laptop]) {
      expect((await me(token)).status).toBe(401);
      expect(await meOnSecond(token)).toBe(401);
    }
    expect((await me(await signIn(user))).status).toBe(200);
  });

  it('changes the password with the current one and signs out the other sessions', async () => {
    const user = await createUser(t);
    const laptop = await signIn(user);
    const wrong = await t.request('POST', '/api/v1/auth/change-password', {
      token: user.token,
      json: { current_password: 'not my password', new_password: NEW_PASSWORD },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'wrong_password' });
    const tooShort = await t.request('POST', '/api/v1/auth/change-password', {
      token: user.token,
      json: { current_password: user.password, new_password: 'short' },
    });
    expect(tooShort.status).toBe(422);

    const changed = await t.request('POST', '/api/v1/auth/change-password', {
      token: user.token,
      json: { current_password: user.password, new_password: NEW_PASSWORD },
    });
    expect(changed.status, changed.text).toBe(204);
    expect((await me(user.token)).status).toBe(200);
    expect((await me(laptop)).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  async function requestReset(email: string): Promise<string> {
    const before = sink.messages.length;
    const response = await t.request('POST', '/api/v1/auth/password-reset', { json: { email } });
    expect(response.status).toBe(202);
    const mail = (await sink.waitForMessages(before + 1))[before];
    expect(mail?.subject).toBe('Reset your Formbridge password');
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    return token ?? '';
  }
  const confirm = (token: string, password: string) =>
    t.request('POST', '/api/v1/auth/password-reset/confirm', { json: { token, password } });

  it('resets a forgotten password by a single-use e-mailed link that signs out everywhere', async () => {
    const user = await createUser(t);
    const token = await requestReset(user.email.toUpperCase());
    expect(sink.messages.at(-1)?.text).toContain(`https://forms.example/reset-password?token=`);
    expect(sink.envelopes.at(-1)?.to).toEqual([user.email]);
    // Stored as a hash only: the token itself is nowhere in the database.
    const stored = await t.ctx.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const short = await confirm(token, 'short');
    expect(short.status).toBe(422);
    const done = await confirm(token, NEW_PASSWORD);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ email: user.email });
    expect((await me(user.token)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);

    const again = await confirm(token, 'yet another password');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'reset_invalid' });
    expect((await confirm('made-up-token', NEW_PASSWORD)).status).toBe(400);
  });

  it('answers 202 for an unknown address and sends nothing', async () => {
    const before = sink.messages.length;
    const response = await t.request('POST', '/api/v1/auth/password-reset', {
      json: { email: 'nobody-here@example.com' },
    });
    expect(response.status).toBe(202);
    expect(response.text).toBe('');
    // A known address's mail arrives within this wait; none must come for an unknown one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.length).toBe(before);
  });

  it('refuses a reset link after its hour', async () => {
    const user = await createUser(t);
    const token = await requestReset(user.email);
    await t.ctx.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await confirm(token, NEW_PASSWORD)).status).toBe(400);
    expect((await login(user.email, user.password)).status).toBe(200);
  });
});
