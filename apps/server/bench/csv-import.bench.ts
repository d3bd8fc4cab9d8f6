// CSV import benchmark (issue 35): `node apps/server/bench/csv-import.bench.ts` (or `npm run bench
// csv-import`). A 49,999-row CSV (5 columns, the hostile-sheet suite's file) through the import
// preview (three times) and the import itself, against the server in its own process (SQLite), with
// /api/health probed every 50 ms meanwhile. Goal: health never stalled over 1 s. Prints numbers,
// asserts nothing.
import os from 'node:os';
import { HOSTILE_SHEETS } from '../test/hostile/hostile-sheets.ts';
import { Multipart } from './bench-http.ts';
import { startBenchServer } from './bulk-setup.ts';

const csv = HOSTILE_SHEETS.find((sheet) => sheet.filename === 'people.csv')!.build();

/** Health answered every 50 ms while it runs: the slowest answer. */
function probeHealth(base: string) {
  let running = true;
  let maxMs = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/api/health`).then((response) => response.arrayBuffer());
      maxMs = Math.max(maxMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return maxMs;
    },
  };
}

const bench = await startBenchServer();
try {
  const user = await bench.signUp();
  const table = (await user.api('POST', '/api/v1/dynamic-tables/', {
    name: 'People',
    fields: ['Full Name', 'Age', 'Email', 'Joined', 'Notes'].map((label, index) => ({
      name: `c${index}`,
      label,
    })),
  })) as { id: string };
  const upload = () =>
    new Multipart({}, { field: 'file', name: 'people.csv', type: 'text/csv', bytes: csv });
  // A first small sheet starts the sandbox worker: the figures are reading, not a cold start.
  await user.api(
    'POST',
    `/api/v1/dynamic-tables/${table.id}/import/preview`,
    new Multipart(
      {},
      { field: 'file', name: 'a.csv', type: 'text/csv', bytes: Buffer.from('a\n1\n') },
    ),
  );
  console.log(
    `CSV import: Node ${process.version}, ${os.availableParallelism()} cores, ` +
      `load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  const steps = [
    ...Array.from({ length: 3 }, (_, i) => ({ what: `preview ${i + 1}`, path: 'import/preview' })),
    { what: 'import', path: 'import' },
  ];
  for (const step of steps) {
    const probe = probeHealth(bench.server.base);
    const started = performance.now();
    const answer = (await user.api(
      'POST',
      `/api/v1/dynamic-tables/${table.id}/${step.path}`,
      upload(),
    )) as { row_count?: number; imported?: number };
    const ms = performance.now() - started;
    const healthMs = await probe.stop();
    console.log(
      `| 49,999-row CSV, ${step.what} | answer ${Math.round(ms)} ms ` +
        `(${answer.row_count ?? answer.imported} rows) | health max ${Math.round(healthMs)} ms |`,
    );
  }
} finally {
  await bench.close();
}
