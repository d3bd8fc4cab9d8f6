// `npm run fuzz [-- --count 2000 --seed 1 --concurrency 2 --sheets 300 --validators 100]`: the
// hostile-PDF files, then thousands of corpus mutants, then spreadsheet mutants and oversized
// lists (fuzz-inputs.ts), against a real server process. Prints what a user would notice
// (deaths, 5xx, answers over 30 s — 2 s for sheets and lists —, health stalls over 1 s, peak RSS)
// and exits 1 if any occurred.
import { parseArgs } from 'node:util';
import { runInputFuzz } from './fuzz-inputs.ts';
import { runFuzz } from './fuzz-run.ts';
import { HOSTILE_CASES } from './hostile-pdfs.ts';
import { startHealthProbe, startServerProcess } from './server-process.ts';

const MB = 1024 * 1024;
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '2' },
    sheets: { type: 'string', default: '300' },
    validators: { type: 'string', default: '100' },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);

let server = await startServerProcess();
console.log(`hostile files (server pid ${server.child.pid}):`);
const probe = startHealthProbe(server.baseUrl);
let hostileProblems = 0;
for (const hostile of HOSTILE_CASES) {
  const result = await server.upload(await hostile.build());
  const ok = hostile.statuses.includes(result.status) && result.ms < 20_000;
  hostileProblems += ok ? 0 : 1;
  const memory = server.memory();
  console.log(
    `  ${ok ? 'ok ' : 'BAD'} ${hostile.name}: ${result.status} in ${Math.round(result.ms)} ms, ` +
      `RSS ${Math.round(memory.rss / MB)} MB (peak ${Math.round(memory.peak / MB)} MB)`,
  );
}
const hostileHealth = await probe.stop();
console.log(
  `  health: max ${Math.round(hostileHealth.maxMs)} ms, ${hostileHealth.over1s} of ` +
    `${hostileHealth.count} over 1 s; peak RSS ${Math.round(server.memory().peak / MB)} MB`,
);

const started = performance.now();
const stats = await runFuzz({
  server,
  seed,
  count,
  concurrency: Number(values.concurrency),
  restart: async () => {
    console.log('  the server died; starting a new one');
    server = await startServerProcess();
    return server;
  },
  onProgress: (done) => {
    if (done % 250 === 0) {
      console.log(`  ${done}/${count} mutants`);
    }
  },
});
console.log(
  `mutants (seed ${seed}): ${stats.mutants} in ${Math.round((performance.now() - started) / 1000)} s`,
);
console.log(
  `  answers: ${JSON.stringify(stats.byStatus)}; slowest ${Math.round(stats.slowestMs)} ms`,
);
console.log(
  `  deaths ${stats.deaths}, 5xx/no answer ${stats.serverErrors.length}, over 30 s ${stats.over30s.length}, ` +
    `health max ${Math.round(stats.health.maxMs)} ms (p99 ${Math.round(stats.health.p99Ms)} ms, ` +
    `${stats.health.over1s} of ${stats.health.count} over 1 s), peak RSS ${Math.round(stats.peakRssBytes / MB)} MB`,
);
for (const line of [...stats.serverErrors, ...stats.over30s].slice(0, 20)) {
  console.log(`  ${line}`);
}

const inputs = await runInputFuzz({
  server,
  seed,
  sheets: Number(values.sheets),
  validators: Number(values.validators),
});
console.log(
  `sheets and lists (seed ${seed}): ${inputs.requests} requests ${JSON.stringify(inputs.byStatus)}; ` +
    `slowest ${Math.round(inputs.slowestMs)} ms; 5xx/no answer ${inputs.serverErrors.length}, ` +
    `over 2 s ${inputs.slow.length}; health max ${Math.round(inputs.health.maxMs)} ms ` +
    `(${inputs.health.over1s} of ${inputs.health.count} over 1 s)`,
);
for (const line of [...inputs.serverErrors, ...inputs.slow].slice(0, 20)) {
  console.log(`  ${line}`);
}
await server.stop();
const failed =
  inputs.serverErrors.length +
  inputs.slow.length +
  inputs.health.over1s +
  hostileProblems +
  stats.deaths +
  stats.serverErrors.length +
  stats.over30s.length +
  stats.health.over1s +
  hostileHealth.over1s;
process.exitCode = failed > 0 ? 1 : 0;
