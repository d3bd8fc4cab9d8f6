// The server at rest (issue 35): `npm run bench idle-memory`. Starts the server as the bulk
// benchmark does (its own process, production flags, bundle), waits until it has answered and
// four seconds more, and prints its RSS, split into anonymous memory (heaps, malloc) and file
// pages (the node binary, shared with every Node process). Three starts, each on a fresh data
// folder. What every server holds before any work; a bulk job's peak starts from it. Prints
// numbers, asserts nothing.
import fs from 'node:fs';
import { startServerProcess } from './server-process.ts';

const RUNS = 3;
const SETTLE_MS = 4_000;

function statusMb(pid: number, key: string): number {
  const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(
    fs.readFileSync(`/proc/${pid}/status`, 'utf8'),
  );
  return Number(match?.[1] ?? 0) / 1024;
}

for (let run = 1; run <= RUNS; run += 1) {
  const server = await startServerProcess(process.argv.includes('--sources'));
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const [rss, anon, file] = ['VmRSS', 'RssAnon', 'RssFile'].map((key) =>
      statusMb(server.pid, key).toFixed(1),
    );
    console.log(
      `| start ${run} (${server.kind}) | RSS ${rss} MB | anonymous ${anon} MB | file ${file} MB |`,
    );
  } finally {
    await server.stop();
  }
}
