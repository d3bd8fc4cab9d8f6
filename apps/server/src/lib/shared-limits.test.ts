import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.ts';
import { createUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { createDbCounterStore } from './fixed-window-counter.ts';

const throttle = {
  freeFailuresPerPair: 2,
  baseDelayMs: 60_000,
  maxDelayMs: 60_000,
  windowMs: 60_000,
  maxFailuresPerIp: 100,
};

// Two apps on one PostgreSQL schema stand for two instances behind a balancer: a client that
// alternates between them must meet the same limits as with one.
describe.skipIf(!process.env.TEST_DATABASE_URL)('limits shared by instances on PostgreSQL', () => {
  let first: TestApp;
  let second: BuiltApp & { baseUrl: string };
  beforeAll(async () => {
    first = await startTestApp('postgres', {}, { loginThrottle: throttle });
    const built = await buildApp(first.ctx.config, { loginThrottle: throttle });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const address = built.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    second = { ...built, baseUrl: `http://127.0.0.1:${port}` };
  });
  afterAll(async () => {
    await second.app.close();
    await first.close();
  });

  it('counts failed sign-ins on either instance against the same pair', async () => {
    const user = await createUser(first);
    const attempt = (baseUrl: string, password: string) =>
      fetch(`${baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: user.email, password }).toString(),
      });
    expect((await attempt(first.baseUrl, 'wrong one')).status).toBe(401);
    expect((await attempt(second.baseUrl, 'wrong two')).status).toBe(401);
    // Two failures, one on each instance, use up the pair's free ones on both: each instance alone
    // would have counted one and let the right password in.
    for (const baseUrl of [first.baseUrl, second.baseUrl]) {
      const blocked = await attempt(baseUrl, user.password);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('keeps one window per key: counts add up, a finished window starts again', async () => {
    const store = createDbCounterStore(first.ctx.db);
    const now = Date.now();
    expect(await store.add('k', 2, now, 1000)).toEqual({ count: 2, resetAt: now + 1000 });
    expect(await store.add('k', 3, now + 10, 1000)).toEqual({ count: 5, resetAt: now + 1000 });
    expect(await store.current('k', now + 20, 1000)).toEqual({ count: 5, resetAt: now + 1000 });
    expect(await store.add('k', 1, now + 2000, 1000)).toEqual({ count: 1, resetAt: now + 3000 });
    expect(await store.add('k', 1, now + 2500, 1000, true)).toEqual({
      count: 2,
      resetAt: now + 3500,
    });
    await store.reset('k');
    expect((await store.current('k', now + 2600, 1000)).count).toBe(0);
  });
});
