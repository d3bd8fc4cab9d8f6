import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(
  new URL('../../test/fixtures/escaped-errors-server.ts', import.meta.url),
);

describe('process guards', () => {
  let child: ChildProcess;
  let baseUrl = '';
  let output = '';

  beforeAll(async () => {
    child = spawn(process.execPath, [FIXTURE], { stdio: ['ignore', 'pipe', 'pipe'] });
    const [first] = (await once(child.stdout!, 'data')) as [Buffer];
    baseUrl = `http://127.0.0.1:${first.toString().split('\n')[0]}`;
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  });

  afterAll(() => {
    child.kill('SIGKILL');
  });

  for (const route of ['/throw-in-timer', '/unawaited-rejection']) {
    it(`answers ${route} with the generic 500 and keeps serving`, async () => {
      const response = await fetch(`${baseUrl}${route}`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ detail: 'Internal server error' });
      const health = await fetch(`${baseUrl}/health`);
      expect(health.status).toBe(200);
      expect(child.exitCode).toBeNull();
    });
  }

  // The log line travels through the child's stdout pipe and can arrive after the 500 answer
  // (seen on a busy machine): wait for it rather than read the output once.
  it('logs each escaped error with its message', async () => {
    const logged = () => output;
    await expect.poll(logged, { timeout: 10_000 }).toContain('thrown from a timer');
    await expect.poll(logged, { timeout: 10_000 }).toContain('rejected and never awaited');
    expect(output).toContain('error escaped every handler');
  });
});
