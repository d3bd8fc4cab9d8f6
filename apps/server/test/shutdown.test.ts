import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './harness.ts';

describe('shutdown', () => {
  it('closes within seconds after a download on a pooled keep-alive connection', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const t = await startTestApp(
      'sqlite',
      {},
      {
        beforeListen: (app) => {
          app.get('/slow-download', async (_request, reply) => {
            await gate;
            return reply.type('application/pdf').send(Buffer.alloc(64 * 1024, 1));
          });
        },
      },
    );
    // fetch keeps its connection in a pool (keep-alive), as browsers and API clients do.
    const warm = await fetch(`${t.baseUrl}/api/health`);
    await warm.arrayBuffer();
    const download = fetch(`${t.baseUrl}/slow-download`);
    await sleep(100);
    const started = Date.now();
    const closing = t.close();
    await sleep(100);
    release();
    const response = await download;
    expect((await response.arrayBuffer()).byteLength).toBe(64 * 1024);
    await closing;
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 90_000);
});
