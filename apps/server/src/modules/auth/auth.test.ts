import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createUser, DIALECTS, startTestApp, type TestApp } from '../../../test/harness.ts';

describe.each(DIALECTS)('auth on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      // The test client is the proxy: X-Forwarded-For stands for the visitor's address.
      { trustProxy: ['127.0.0.1'] },
      {
        loginThrottle: {
          freeFailuresPerPair: 3,
          baseDelayMs: 60_000,
          maxDelayMs: 600_000,
          windowMs: 60_000,
          maxFailuresPerIp: 1000,
        },
      },
    );
  });
  afterAll(() => t.close());

  it('signs up with 201 and the public user shape, never the hash', async () => {
    const response = await t.request('POST', '/api/v1/auth/signup', {
      json: { email: 'new.person@example.com', password: 'longenough' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'new.person@example.com',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      // The server's first account is its admin.
      is_admin: true,
      can_invite: true,
    });
  });

  it('refuses a second account for the same e-mail in any case with 409', async () => {
    await t.request('POST', '/api/v1/auth/signup', {
      json: { email: 'Dup@Example.com', password: 'longenough' },
    });
    const again = await t.request('POST', '/api/v1/auth/signup', {
      json: { email: 'dup@example.COM', password: 'otherpassword' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'Email already registered' });
  });

  it.each([
    [{ email: 'not-an-email', password: 'longenough' }, 'email', 'Invalid email address'],
    [
      { email: 'a@example.com', password: 'short' },
      'password',
      'Password must be at least 8 characters',
    ],
    [{ password: 'longenough' }, 'email', expect.any(String)],
  ])('rejects %j with 422 naming the field', async (json, field, msg) => {
    const response = await t.request('POST', '/api/v1/auth/signup', { json });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [expect.objectContaining({ loc: ['body', field], msg, type: expect.any(String) })],
    });
  });

  it('logs in form-encoded, case-insensitively, and /me returns the user', async () => {
    const user = await createUser(t, 'Mixed.Case@Example.com');
    const login = await t.request('POST', '/api/v1/auth/login', {
      form: { username: 'mixed.case@example.com', password: user.password },
    });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    const me = await t.request('GET', '/api/v1/auth/me', { token: user.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: user.id,
      email: 'Mixed.Case@Example.com',
      created_at: expect.any(String),
      is_admin: false,
      can_invite: false,
    });
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const user = await createUser(t);
    const wrongPassword = await t.request('POST', '/api/v1/auth/login', {
      form: { username: user.email, password: 'wrong password' },
    });
    const unknownEmail = await t.request('POST', '/api/v1/auth/login', {
      form: { username: 'nobody@example.com', password: 'whatever1' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ detail: 'Incorrect email or password' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  const loginFrom = (ip: string, username: string, password: string) =>
    t.request('POST', '/api/v1/auth/login', {
      form: { username, password },
      headers: { 'x-forwarded-for': ip },
    });

  it('slows failed logins per e-mail and address with 429 + Retry-After, not the owner elsewhere', async () => {
    const user = await createUser(t);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const failed = await loginFrom('203.0.113.5', user.email, 'wrong password');
      expect(failed.status).toBe(401);
    }
    // The attacker's address now waits, even with the right password...
    const blocked = await loginFrom('203.0.113.5', user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      detail: expect.stringMatching(/^Too many failed sign-in attempts/),
    });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // ...while the owner signs in from their own address.
    const owner = await loginFrom('198.51.100.7', user.email, user.password);
    expect(owner.status).toBe(200);
  });

  it('caps failures per address over all e-mails, and ignores X-Forwarded-For by default', async () => {
    const capped = await startTestApp(
      dialect,
      {},
      {
        loginThrottle: {
          freeFailuresPerPair: 100,
          baseDelayMs: 1000,
          maxDelayMs: 1000,
          windowMs: 60_000,
          maxFailuresPerIp: 4,
        },
      },
    );
    try {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const failed = await capped.request('POST', '/api/v1/auth/login', {
          form: { username: `guess${attempt}@example.com`, password: 'wrong password' },
          headers: { 'x-forwarded-for': `192.0.2.${attempt}` },
        });
        expect(failed.status).toBe(401);
      }
      // A made-up X-Forwarded-For does not make a new address: TRUST_PROXY is off.
      const spoofed = await capped.request('POST', '/api/v1/auth/login', {
        form: { username: 'another@example.com', password: 'wrong password' },
        headers: { 'x-forwarded-for': '192.0.2.99' },
      });
      expect(spoofed.status).toBe(429);
      expect(Number(spoofed.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await capped.close();
    }
  });

  it('refuses a correctly signed token that has no expiry', async () => {
    const user = await createUser(t);
    const secret = fs.readFileSync(`${t.dataDir}/jwt-secret`, 'utf8');
    const { jti } = JSON.parse(
      Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { jti: string };
    const forever = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setJti(jti)
      .setIssuedAt()
      .sign(new TextEncoder().encode(secret.trim()));
    const response = await t.request('GET', '/api/v1/auth/me', { token: forever });
    expect(response.status).toBe(401);
    const withExpiry = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setJti(jti)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret.trim()));
    expect((await t.request('GET', '/api/v1/auth/me', { token: withExpiry })).status).toBe(200);
  });

  it('refuses /me without a token, with a forged one and with an expired one', async () => {
    const user = await createUser(t);
    expect((await t.request('GET', '/api/v1/auth/me')).status).toBe(401);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const withForged = await t.request('GET', '/api/v1/auth/me', { token: forged });
    expect(withForged.status).toBe(401);
    expect(withForged.body).toEqual({ detail: 'Could not validate credentials' });

    const shortLived = await startTestApp(dialect, { jwtLifetimeSeconds: 1 });
    try {
      const shortUser = await createUser(shortLived);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const expired = await shortLived.request('GET', '/api/v1/auth/me', {
        token: shortUser.token,
      });
      expect(expired.status).toBe(401);
    } finally {
      await shortLived.close();
    }
  });

  it('issues tokens with sub and exp a configured lifetime ahead', async () => {
    const user = await createUser(t);
    const payload = JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString());
    expect(payload.sub).toBe(user.id);
    const lifetime = payload.exp - Math.floor(Date.now() / 1000);
    expect(lifetime).toBeGreaterThan(3590);
    expect(lifetime).toBeLessThanOrEqual(3600);
  });
});
