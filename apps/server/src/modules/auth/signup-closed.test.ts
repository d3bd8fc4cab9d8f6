import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/harness.ts';

describe.each(DIALECTS)('closed sign-up on %s', (dialect) => {
  let closed: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    [closed, open] = await Promise.all([
      startTestApp(dialect, { allowSignup: false }),
      startTestApp(dialect),
    ]);
  });
  afterAll(async () => {
    await Promise.all([closed.close(), open.close()]);
  });

  it('answers 403 signup_closed and creates no account', async () => {
    const body = { email: 'walk.in@example.com', password: 'longenough' };
    const response = await closed.request('POST', '/api/v1/auth/signup', { json: body });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      detail: 'Sign-up is closed on this server; ask an administrator for an invitation',
      code: 'signup_closed',
    });
    const login = await closed.request('POST', '/api/v1/auth/login', {
      form: { username: body.email, password: body.password },
    });
    expect(login.status).toBe(401);
  });

  it('tells the web app whether to offer registration, without a token', async () => {
    expect((await closed.request('GET', '/api/v1/auth/settings')).body).toEqual({
      allow_signup: false,
    });
    expect((await open.request('GET', '/api/v1/auth/settings')).body).toEqual({
      allow_signup: true,
    });
    const signup = await open.request('POST', '/api/v1/auth/signup', {
      json: { email: 'first.user@example.com', password: 'longenough' },
    });
    expect(signup.status).toBe(201);
  });
});

describe('self-hosting configuration', () => {
  it('reads ALLOW_SIGNUP (default true) and the mail settings', () => {
    expect(loadConfig({}).allowSignup).toBe(true);
    expect(loadConfig({ ALLOW_SIGNUP: 'false' }).allowSignup).toBe(false);
    expect(loadConfig({ ALLOW_SIGNUP: '1' }).allowSignup).toBe(true);
    const mail = loadConfig({
      MAIL_FROM: 'Acme Forms <forms@acme.example>',
      MAIL_REPLY_TO: 'office@acme.example',
      MAIL_RECIPIENTS: 'bcc',
    });
    expect(mail).toMatchObject({
      mailFrom: 'Acme Forms <forms@acme.example>',
      mailReplyTo: 'office@acme.example',
      mailRecipients: 'bcc',
    });
    expect(loadConfig({}).mailRecipients).toBe('separate');
  });

  it('stops on a value it cannot use, naming the variable', () => {
    expect(() => loadConfig({ ALLOW_SIGNUP: 'maybe' })).toThrow(/ALLOW_SIGNUP/);
    expect(() => loadConfig({ MAIL_RECIPIENTS: 'cc' })).toThrow(/MAIL_RECIPIENTS/);
    expect(() => loadConfig({ MAIL_REPLY_TO: 'not an address' })).toThrow(/MAIL_REPLY_TO/);
  });
});
