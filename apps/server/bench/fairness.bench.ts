// Fairness benchmark (issue 35): `node apps/server/bench/fairness.bench.ts` (or `npm run bench
// fairness`). Two users each start a bulk job of FAIRNESS_RECORDS (default 5,000) records; once
// both run, a third user starts a 1-record job. Prints how long that small job took from its POST
// to `succeeded` (goal ≤ 5 s), on the in-process queue (SQLite) and on pg-boss (PostgreSQL: a
// fresh database on BENCH_DATABASE_URL, default TEST_DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/test; skipped with a message when it does not answer).
// Prints numbers, asserts nothing.
import os from 'node:os';
import { pollJob, prepareBulk, startBenchServer, startBulk } from './bulk-setup.ts';

const LARGE = Number(process.env.FAIRNESS_RECORDS ?? 5_000);
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(queue: string, postgresAdminUrl?: string) {
  const bench = await startBenchServer({ postgresAdminUrl });
  try {
    const [first, second, small] = [
      await bench.signUp(),
      await bench.signUp(),
      await bench.signUp(),
    ];
    const firstSetup = await prepareBulk(bench, first, LARGE);
    const secondSetup = await prepareBulk(bench, second, LARGE);
    const smallSetup = await prepareBulk(bench, small, 1);
    const large = [
      { user: first, id: await startBulk(first, firstSetup) },
      { user: second, id: await startBulk(second, secondSetup) },
    ];
    // The small job is queued once both large ones have forms done: behind them, not beside.
    for (;;) {
      const progress = await Promise.all(large.map((job) => pollJob(bench, job.user, job.id)));
      if (progress.every((job) => job.done > 0)) {
        break;
      }
      await sleep(100);
    }
    const started = performance.now();
    const id = await startBulk(small, smallSetup);
    let status = 'queued';
    while (status !== 'succeeded' && status !== 'failed') {
      await sleep(50);
      status = (await pollJob(bench, small, id)).status;
    }
    const seconds = (performance.now() - started) / 1000;
    const doneMeanwhile = await Promise.all(large.map((job) => pollJob(bench, job.user, job.id)));
    console.log(
      `| ${queue} | 1-record job behind two ${LARGE.toLocaleString('en-US')}-record jobs | ` +
        `${seconds.toFixed(2)} s (${status}) | large jobs at ${doneMeanwhile.map((job) => job.done).join(' and ')} ` +
        `forms done; load average ${os.loadavg()[0]?.toFixed(1)} |`,
    );
  } finally {
    await bench.close();
  }
}

async function postgresAnswers(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

console.log(
  `Fairness benchmark: Node ${process.version}, ${os.availableParallelism()} cores, ` +
    `load average ${os.loadavg()[0]?.toFixed(1)}`,
);
console.log('\n| queue | case | small job done in | notes |\n| --- | --- | --- | --- |');
await measure('in-process (SQLite)');
if (await postgresAnswers(POSTGRES_URL)) {
  await measure('pg-boss (PostgreSQL)', POSTGRES_URL);
} else {
  console.log(`| pg-boss (PostgreSQL) | skipped: ${POSTGRES_URL} does not answer | | |`);
}
