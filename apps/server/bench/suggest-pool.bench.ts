// Benchmark of mapping suggestions as the API computes them: in the suggestion worker thread
// (lib/suggest-pool), for a 200-field form against a 50-column table and a 925-field form against
// a 925-column table (bench/suggest-input.ts). Prints, per size, the median round trip through
// the pool (warm worker), the engine's median CPU time on one thread, and the longest the
// request thread's event loop was held up meanwhile. Targets: 200 × 50 ≤ 100 ms, 925 × 925
// ≤ 500 ms.
//
//   node apps/server/bench/suggest-pool.bench.ts   (or: npm run bench -- suggest-pool)
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createSuggestPool } from '../src/lib/suggest-pool/suggest-pool.ts';
import { suggestFieldMappings } from '../src/suggest/suggest-field-mappings.ts';
import { buildSuggestInput } from './suggest-input.ts';

const RUNS = Number(process.env.RUNS ?? 10);
const WARM_UP = 2;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const pool = createSuggestPool();
try {
  for (const [fields, columns] of [
    [200, 50],
    [925, 925],
  ] as const) {
    const input = buildSuggestInput(fields, columns);
    for (let i = 0; i < WARM_UP; i++) {
      await pool.suggest(input);
      suggestFieldMappings(input);
    }
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const walls: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await pool.suggest(input);
      walls.push(performance.now() - started);
    }
    delay.disable();
    // CPU time of the engine itself, on this thread: on a shared machine wall time mostly
    // measures the neighbours.
    const cpus: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const before = process.threadCpuUsage();
      suggestFieldMappings(input);
      const used = process.threadCpuUsage(before);
      cpus.push((used.user + used.system) / 1000);
    }
    console.log(
      `${fields} PDF fields × ${input.table.fields.length} table fields: ` +
        `pool round trip median ${median(walls).toFixed(1)} ms, ` +
        `engine CPU median ${median(cpus).toFixed(1)} ms, ` +
        `request thread held up at most ${(delay.max / 1e6).toFixed(1)} ms`,
    );
  }
} finally {
  await pool.close();
}
