// A seeded mutation fuzz of real forms in the normal test run (npm run fuzz runs thousands):
// every mutant is answered, none with a 5xx, the server never dies and health never stalls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFuzz } from './fuzz-run.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const MUTANTS = 120;
const SEED = 20261125;

describe('mutation fuzz over corpus forms', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess();
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it(`answers ${MUTANTS} mutants without a 5xx, a death or a health stall`, async () => {
    const stats = await runFuzz({ server, seed: SEED, count: MUTANTS });
    console.log(
      `fuzz: ${stats.mutants} mutants ${JSON.stringify(stats.byStatus)}, slowest ` +
        `${Math.round(stats.slowestMs)} ms, health max ${Math.round(stats.health.maxMs)} ms`,
    );
    expect(stats.mutants).toBe(MUTANTS);
    expect(stats.deaths).toBe(0);
    expect(stats.serverErrors).toEqual([]);
    expect(stats.over30s).toEqual([]);
    expect(stats.health.failures).toBe(0);
    // Goal 1 s; bound generous for a loaded CI machine (real figures: docs/benchmarks.md).
    expect(stats.health.maxMs).toBeLessThan(5_000);
  }, 120_000);
});
