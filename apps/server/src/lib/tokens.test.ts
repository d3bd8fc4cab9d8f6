import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, DIALECTS, startTestApp, type TestApp } from '../../test/harness.ts';
import { createTokenService } from './tokens.ts';

const USER_1 = { userId: 'user-1', sessionId: 's-1' };
const SECRET = new TextEncoder().encode('a test secret that is long enough for HS256 tokens');

describe('bearer tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a token once it expires, also after it was accepted before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.issue(USER_1);
    expect(await tokens.verify(token)).toEqual(USER_1);
    vi.setSystemTime(Date.now() + 59_000);
    expect(await tokens.verify(token)).toEqual(USER_1);
    vi.setSystemTime(Date.now() + 2_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses an altered or foreign token after the genuine one was accepted', async () => {
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.issue(USER_1);
    expect(await tokens.verify(token)).toEqual(USER_1);
    const [header, , signature] = token.split('.');
    const otherPayload = (await tokens.issue({ userId: 'user-2', sessionId: 's-2' })).split('.')[1];
    expect(await tokens.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${token.slice(0, -2)}AA`)).toBeNull();
    const foreign = createTokenService(new TextEncoder().encode('another secret entirely!!'), 60);
    expect(await tokens.verify(await foreign.issue(USER_1))).toBeNull();
  });
});

describe.each(DIALECTS)('bearer tokens on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('shuts a removed account out at once, though its token was just accepted', async () => {
    const user = await createUser(t);
    const me = await t.request('GET', '/api/v1/auth/me', { token: user.token });
    expect(me.status).toBe(200);
    await t.ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    const after = await t.request('GET', '/api/v1/auth/me', { token: user.token });
    expect(after.status).toBe(401);
  });
});
