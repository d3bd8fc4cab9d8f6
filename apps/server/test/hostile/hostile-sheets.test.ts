// Hostile spreadsheets against the real server process (issue 35): each import preview is
// answered within 2 s, and /api/health keeps answering within 1 s meanwhile, because sheets are
// read in the sandbox workers under the sheet limits, never on the main thread.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_SHEETS } from './hostile-sheets.ts';
import { startHealthProbe, startServerProcess, type ServerProcess } from './server-process.ts';

// The goals are 2 s and 1 s. A CI host shared with other work stretches every figure, so the
// bounds grow with the load per core (at most 4×); on a quiet machine they are the goals.
const LOAD = Math.min(4, Math.max(1, os.loadavg()[0]! / os.availableParallelism()));
const ANSWER_BOUND_MS = 2_000 * LOAD;
const HEALTH_BOUND_MS = 1_000 * LOAD;

describe('hostile spreadsheets', () => {
  let server: ServerProcess;
  let tableId: string;
  const files = new Map<string, Buffer>();

  beforeAll(async () => {
    for (const sheet of HOSTILE_SHEETS) {
      files.set(sheet.name, sheet.build());
    }
    server = await startServerProcess();
    const table = await fetch(`${server.baseUrl}/api/v1/dynamic-tables/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'People', fields: [{ name: 'full_name', label: 'Full Name' }] }),
    });
    tableId = ((await table.json()) as { id: string }).id;
    // A first sheet starts the sandbox worker, so the bounds measure reading, not a cold start.
    await preview(Buffer.from('Full Name\nAda\n'), 'warm.csv');
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  async function preview(bytes: Buffer, filename: string, path = 'import/preview') {
    const form = new FormData();
    form.append('file', new Blob([bytes]), filename);
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/api/v1/dynamic-tables/${tableId}/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}` },
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await response.json()) as {
      detail?: unknown;
      row_count?: number;
      imported?: number;
    };
    return { status: response.status, body, ms: performance.now() - started };
  }

  for (const sheet of HOSTILE_SHEETS) {
    it(`${sheet.name}: ${sheet.status} within 2 s, health within 1 s`, async () => {
      const probe = startHealthProbe(server.baseUrl, 50);
      const result = await preview(files.get(sheet.name)!, sheet.filename);
      const health = await probe.stop();
      console.log(
        `${sheet.name}: ${result.status} in ${Math.round(result.ms)} ms, health max ${Math.round(health.maxMs)} ms`,
      );
      expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(sheet.status);
      if (result.status >= 400) {
        expect(typeof result.body.detail === 'string' || Array.isArray(result.body.detail)).toBe(
          true,
        );
      }
      expect(result.ms).toBeLessThan(ANSWER_BOUND_MS);
      expect(health.failures).toBe(0);
      expect(health.maxMs).toBeLessThan(HEALTH_BOUND_MS);
      expect(server.child.exitCode).toBeNull();
    }, 30_000);
  }

  // The rows are checked before the transaction and inserted in chunks with the loop free
  // between them; on SQLite health reads through its own connection (database-ping.ts).
  it('imports the 49,999-row CSV with health within 1 s', async () => {
    const csv = HOSTILE_SHEETS.find((sheet) => sheet.filename === 'people.csv')!;
    const probe = startHealthProbe(server.baseUrl, 50);
    const result = await preview(files.get(csv.name)!, csv.filename, 'import');
    const health = await probe.stop();
    console.log(
      `import of ${csv.name}: ${result.status} in ${Math.round(result.ms)} ms, health max ${Math.round(health.maxMs)} ms`,
    );
    expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(201);
    expect(result.body.imported).toBe(49_999);
    expect(health.failures).toBe(0);
    expect(health.maxMs).toBeLessThan(HEALTH_BOUND_MS);
  }, 60_000);
});
