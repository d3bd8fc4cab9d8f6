import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenWhenFree, PortInUseError } from './listen-when-free.ts';

async function holdPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, release: () => new Promise((resolve) => blocker.close(() => resolve())) };
}

describe('listenWhenFree', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('waits for a port that is freed meanwhile, then serves on it', async () => {
    const held = await holdPort();
    const app = Fastify();
    apps.push(app);
    app.get('/', async () => 'up');
    const listening = listenWhenFree(app, { port: held.port, host: '127.0.0.1', retryMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await held.release();
    await listening;
    const response = await fetch(`http://127.0.0.1:${held.port}/`);
    expect(await response.text()).toBe('up');
  });

  it('gives up with one line naming the port when it stays taken', async () => {
    const held = await holdPort();
    const app = Fastify();
    apps.push(app);
    try {
      const attempt = listenWhenFree(app, {
        port: held.port,
        host: '127.0.0.1',
        waitMs: 400,
        retryMs: 50,
      });
      await expect(attempt).rejects.toThrow(PortInUseError);
      await expect(attempt).rejects.toThrow(`Port ${held.port} on 127.0.0.1 is in use`);
    } finally {
      await held.release();
    }
  });
});
