import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../harness.ts';
import { runJsonFuzz } from './run-fuzz.ts';

// A fast slice of `npm run fuzz:json` (thousands of requests) inside the normal test run.
const REQUESTS_PER_DIALECT = 150;

describe.each(DIALECTS)('JSON body fuzz on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it(`answers ${REQUESTS_PER_DIALECT} seeded hostile JSON requests, none with a 5xx`, async () => {
    const stats = await runJsonFuzz({
      baseUrl: t.baseUrl,
      seed: 20261125,
      count: REQUESTS_PER_DIALECT,
      timeoutMs: 15_000,
    });
    expect(stats.endpoints).toBeGreaterThan(10);
    expect(stats.requests).toBe(REQUESTS_PER_DIALECT);
    expect(stats.failures).toEqual([]);
    // The fuzzer must reach past validation sometimes, or it only tests the 422 path.
    const accepted = Object.entries(stats.byStatus)
      .filter(([status]) => Number(status) < 300)
      .reduce((sum, [, n]) => sum + n, 0);
    expect(accepted).toBeGreaterThan(0);
  }, 120_000);
});
