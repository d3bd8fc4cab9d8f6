// Hostile PDFs against the real server process: every file gets a clear answer within 20 s,
// /api/health keeps answering meanwhile, memory comes back down and the process stays up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAllTypesForm } from '../../src/pdf/objects/pdf-synthetic.ts';
import { HOSTILE_CASES } from './hostile-pdfs.ts';
import { startHealthProbe, startServerProcess, type ServerProcess } from './server-process.ts';

const MB = 1024 * 1024;
// Health is probed every 200 ms. The goal is under 1 s (measured: under 0.8 s on a loaded
// 2-core machine, docs/benchmarks.md); the assertion leaves room for CI's noisy neighbours.
const HEALTH_BOUND_MS = 5_000;
const ANSWER_BOUND_MS = 20_000;
// RSS of the whole server once the work is done (sandbox workers still warm).
const RSS_CEILING = 900 * MB;

describe('hostile PDFs', () => {
  let server: ServerProcess;
  let probe: ReturnType<typeof startHealthProbe>;
  const files = new Map<string, Buffer>();

  beforeAll(async () => {
    for (const hostile of HOSTILE_CASES) {
      files.set(hostile.name, await hostile.build());
    }
    server = await startServerProcess();
    probe = startHealthProbe(server.baseUrl);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  for (const hostile of HOSTILE_CASES) {
    it(`${hostile.name}: answered ${hostile.statuses.join(' or ')} within 20 s`, async () => {
      const result = await server.upload(files.get(hostile.name)!);
      expect(hostile.statuses).toContain(result.status);
      expect(result.ms).toBeLessThan(ANSWER_BOUND_MS);
      if (result.status >= 400) {
        expect(typeof result.body.detail).toBe('string');
      }
      if (hostile.code) {
        expect(result.body.code).toBe(hostile.code);
        expect(result.body.detail).toMatch(/^This PDF could not be processed safely: /);
      }
      expect(server.child.exitCode).toBeNull();
    }, 30_000);
  }

  it('kept /api/health answering, stayed up and gave memory back', async () => {
    const health = await probe.stop();
    const memory = server.memory();
    console.log(
      `hostile suite: health max ${Math.round(health.maxMs)} ms, p99 ${Math.round(health.p99Ms)} ms, ` +
        `${health.over1s}/${health.count} over 1 s; RSS now ${Math.round(memory.rss / MB)} MB, ` +
        `peak ${Math.round(memory.peak / MB)} MB`,
    );
    expect(health.failures).toBe(0);
    expect(health.maxMs).toBeLessThan(HEALTH_BOUND_MS);
    expect(memory.rss).toBeLessThan(RSS_CEILING);
    // The pools recovered: an ordinary form still uploads with its fields.
    const normal = await server.upload(Buffer.from(await buildAllTypesForm()), 'after the storm');
    expect(normal.status).toBe(201);
    expect(server.child.exitCode).toBeNull();
  }, 30_000);
});
