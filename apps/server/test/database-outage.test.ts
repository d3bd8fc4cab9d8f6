import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from './harness.ts';

const DATABASE_URL = process.env.TEST_DATABASE_URL;

/** A TCP relay to PostgreSQL that the test can cut and restore, like a database going down. */
function databaseRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let isOpen = false;
  const open = () =>
    new Promise<void>((resolve) => {
      if (isOpen) {
        resolve();
        return;
      }
      isOpen = true;
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      isOpen = false;
      for (const socket of sockets) {
        socket.destroy();
      }
      server?.close(() => resolve());
    });
  return {
    open,
    cut,
    url: () => Object.assign(new URL(target), { port: String(port) }).toString(),
  };
}

describe.skipIf(!DATABASE_URL)('PostgreSQL going away', () => {
  const relay = databaseRelay(new URL(DATABASE_URL ?? 'postgres://x'));
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    await relay.open();
    t = await startTestApp('postgres', { databaseUrl: relay.url() });
    user = await createUser(t);
  });
  afterAll(async () => {
    await relay.open();
    await t?.close();
    await relay.cut();
  });

  it('answers 503 with Retry-After while it is down, and serves again once it is back', async () => {
    expect((await t.request('GET', '/api/v1/dynamic-tables/', { token: user.token })).status).toBe(
      200,
    );
    await relay.cut();
    const down = await t.request('GET', '/api/v1/dynamic-tables/', { token: user.token });
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(down.body).toEqual({ detail: expect.stringContaining('not reachable right now') });
    await relay.open();
    const back = await t.request('GET', '/api/v1/dynamic-tables/', { token: user.token });
    expect(back.status).toBe(200);
  });
});
