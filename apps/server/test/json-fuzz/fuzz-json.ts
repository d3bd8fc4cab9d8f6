// `npm run fuzz:json [-- --count 2000 --seed 1]`: seeded hostile JSON bodies against every JSON
// endpoint, on SQLite and (with TEST_DATABASE_URL) PostgreSQL, each on a fresh in-process server.
// Prints status counts and every 5xx or unanswered request; exits 1 if there was any.
import { parseArgs } from 'node:util';
import type { DialectName } from '../../src/db/dialect.ts';
import { startTestApp } from '../harness.ts';
import { runJsonFuzz } from './run-fuzz.ts';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '2000' }, seed: { type: 'string', default: '1' } },
});
const dialects: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
let failed = 0;
for (const dialect of dialects) {
  const t = await startTestApp(dialect);
  try {
    const started = performance.now();
    const stats = await runJsonFuzz({
      baseUrl: t.baseUrl,
      seed: Number(values.seed),
      count: Number(values.count),
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${dialect}: ${stats.requests} requests over ${stats.endpoints} JSON endpoints in ` +
        `${seconds.toFixed(1)} s; slowest ${Math.round(stats.maxMs)} ms; statuses ` +
        JSON.stringify(stats.byStatus),
    );
    console.log(`  5xx or unanswered: ${stats.failures.length}`);
    for (const failure of stats.failures.slice(0, 20)) {
      console.log(`  ${failure.method} ${failure.url} ${failure.body} → ${failure.outcome}`);
    }
    failed += stats.failures.length;
  } finally {
    await t.close();
  }
}
process.exit(failed > 0 ? 1 : 0);
