// Generation benchmark: `node apps/server/bench/generation.bench.ts` (or `npm run bench`).
//  1. (generation-single.ts) One form filled in this thread, CPU summed over batches: a small form
//     (pdflib_sample_form.pdf, 1 page) and a large one (ppf_PPF-627_facility.pdf, 6 pages),
//     beside pdftk fill_form (one process per form) on the same values.
//  2. Bulk generation end to end through the API and the job system (HTTP → queue → worker pool
//     on every core → stored forms and rows → streamed zip) for 1,000 and 5,000 records of the
//     one-page form, with the peak RSS of the whole process; pdftk filling 50 records with as many
//     parallel processes as there are workers, extrapolated to 1,000.
// Corpus from FORMBRIDGE_CORPUS (default ../shared/corpus next to the repo). SQLite. Prints
// numbers, asserts nothing (`--single`: only part 1). pdftk parts are skipped with a message
// when pdftk is absent.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JobResponse } from '@formbridge/contract/jobs';
import type { FieldDataDto } from '@formbridge/contract/templates';
import { defaultPoolSize } from '../src/lib/pdf-fill/fill-pool.ts';
import { corpusFile, hasPdftk, preparePdftk, runPool, valuesFor } from './generation-support.ts';
import { request } from './bench-http.ts';
import { prepareBulk, SMALL_FORM, startBenchServer } from './bulk-setup.ts';
import { timeSingle } from './generation-single.ts';
import { readCpuSeconds } from './server-process.ts';

const SMALL = SMALL_FORM;
const LARGE = 'ppf_PPF-627_facility.pdf';
const BULK_SIZES = [1_000, 5_000];
const PDFTK_BULK_SAMPLE = 50;
const WORKERS = defaultPoolSize();
const rows: string[][] = [];
// Each row prints as soon as it is measured (the bulk children only collect theirs), so a run
// that is stopped or fails late still shows what it measured.
const isBulkChild = process.argv.includes('--bulk');
const printRow = (row: readonly string[]) => console.log(`| ${row.join(' | ')} |`);
const report = (what: string, ours: string, pdftk: string, note = '') => {
  rows.push([what, ours, pdftk, note]);
  if (!isBulkChild) {
    printRow([what, ours, pdftk, note]);
  }
};

/** The server in its own process (bench/server-process.ts), a user signed up and signed in. */
async function startApp() {
  const bench = await startBenchServer();
  const user = await bench.signUp();
  return {
    bench,
    server: bench.server,
    ...user,
    dataDir: bench.server.dataDir,
    close: bench.close,
  };
}

/** CPU seconds of each thread of a process, by `name#tid`. */
function threadCpu(pid: number): Map<string, number> {
  const totals = new Map<string, number>();
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    const name = fs.readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim();
    totals.set(`${name}#${task}`, readCpuSeconds(pid, Number(task)));
  }
  return totals;
}

/** The CPU each thread used since `before`, largest first: where a bulk job's CPU goes. */
function threadCpuSince(pid: number, before: Map<string, number>): string {
  return [...threadCpu(pid)]
    .map(([name, seconds]) => [name, seconds - (before.get(name) ?? 0)] as const)
    .filter(([, seconds]) => seconds >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([name, seconds]) => `${name.split('#')[0]} ${seconds.toFixed(2)}`)
    .join(', ');
}

/**
 * RSS every 50 ms while the job runs, to tell when the peak comes: the highest sample and the
 * forms done by the last poll before it (`done` is set by the caller's poll loop).
 */
function sampleRss(rssMb: () => number) {
  const state = { done: 0, highest: 0, doneAtHighest: 0 };
  const timer = setInterval(() => {
    const rss = rssMb();
    if (rss > state.highest) {
      state.highest = rss;
      state.doneAtHighest = state.done;
    }
  }, 50);
  return {
    set done(value: number) {
      state.done = value;
    },
    stop: () => {
      clearInterval(timer);
      return `${state.highest.toFixed(0)} MB at ${state.doneAtHighest} done`;
    },
  };
}

async function timeBulk(count: number) {
  const app = await startApp();
  try {
    const setup = await prepareBulk(app.bench, app, count);
    // Started, then polled: a `?wait=true` answer is cut at the server's 60 s request timeout,
    // which a 5,000-record job on a loaded machine passes.
    const url = `/api/v1/completed-forms/bulk/${setup.templateId}/${setup.tableId}`;
    const { pid } = app.server;
    const started = performance.now();
    const cpuBefore = readCpuSeconds(pid);
    const mainBefore = readCpuSeconds(pid, pid);
    const cpuThreadsBefore = threadCpu(pid);
    const beforeMb = app.server.rssMb();
    app.server.resetPeak();
    // RSS each time another fifth of the records is done: flat, or growing with the count.
    const timeline: string[] = [];
    const { id } = ((await app.api('POST', url, { record_ids: setup.ids })) as JobResponse).job;
    const sampler = sampleRss(app.server.rssMb);
    let answer = '';
    let peakBeforeAnswerMb = 0;
    for (;;) {
      // The kernel's peak before the poll that finds the job finished: what the finished job's
      // answer adds is the rest.
      peakBeforeAnswerMb = app.server.peakMb();
      // Read as text: parsing the finished job's answer (every form) is the client's memory.
      const polled = await request(app.server.base, 'GET', `/api/v1/jobs/${id}`, {
        token: app.token,
      });
      const progress = /"status":"(\w+)","done":(\d+)/.exec(polled.text);
      sampler.done = Number(progress?.[2] ?? 0);
      if (progress?.[1] === 'succeeded' || progress?.[1] === 'failed') {
        answer = polled.text;
        break;
      }
      if (Number(progress?.[2] ?? 0) >= ((timeline.length + 1) * count) / 5) {
        timeline.push(`${progress?.[2]}: ${app.server.rssMb().toFixed(0)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const peakMb = app.server.peakMb();
    const highest = sampler.stop();
    const byThread = threadCpuSince(pid, cpuThreadsBefore);
    // CPU of the whole server process (main thread and fill workers): on a shared machine the
    // wall time moves with everyone's load, this much less.
    const cpuSeconds = readCpuSeconds(pid) - cpuBefore;
    const mainSeconds = readCpuSeconds(pid, pid) - mainBefore;
    const seconds = (performance.now() - started) / 1000;
    const measured = { value: JSON.parse(answer) as JobResponse, peakMb, beforeMb };
    const job = measured.value;
    const zip = path.join(app.dataDir, 'files', 'jobs', job.job.id, 'forms.zip');
    report(
      `bulk ${count.toLocaleString('en-US')} records → forms + zip (${WORKERS} workers)`,
      `${seconds.toFixed(1)} s (${(count / seconds).toFixed(0)} forms/s), peak RSS ${measured.peakMb.toFixed(0)} MB`,
      '',
      `${job.successful}/${job.total} ok, zip ${(fs.statSync(zip).size / 1e6).toFixed(1)} MB, ` +
        `RSS before ${measured.beforeMb.toFixed(0)} MB, CPU ${cpuSeconds.toFixed(1)} s ` +
        `(main thread ${mainSeconds.toFixed(1)} s), server ${app.server.kind}, load average ${os.loadavg()[0]?.toFixed(1)}, ` +
        `RSS MB by forms done ${timeline.join(', ')}; peak before the final answer ` +
        `${peakBeforeAnswerMb.toFixed(0)} MB, highest 50 ms sample ${highest}; CPU s by thread ${byThread}`,
    );
    return { setup, seconds };
  } finally {
    await app.close();
  }
}

async function timePdftkBulk(ourSeconds: number, fields: FieldDataDto) {
  if (!hasPdftk()) {
    report('pdftk bulk reference', '', 'skipped (no pdftk)');
    return;
  }
  const tool = preparePdftk(new Uint8Array(corpusFile(SMALL)), fields);
  const started = performance.now();
  await runPool(PDFTK_BULK_SAMPLE, WORKERS, (index) => tool.fill(valuesFor(fields, index)));
  const seconds = ((performance.now() - started) / 1000) * (1000 / PDFTK_BULK_SAMPLE);
  tool.cleanUp();
  report(
    'bulk 1,000 records, pdftk fill_form (no zip, no database)',
    `ours ${(seconds / ourSeconds).toFixed(1)}× faster`,
    `${seconds.toFixed(0)} s (${(1000 / seconds).toFixed(1)} forms/s)`,
    `extrapolated from ${PDFTK_BULK_SAMPLE} forms, ${WORKERS} processes at a time`,
  );
}

/** Child mode: one bulk size in a fresh process, so its peak RSS is its own. */
async function runBulkChild(count: number) {
  const result = await timeBulk(count);
  console.log(JSON.stringify({ rows, seconds: result.seconds, fields: result.setup.fields }));
}

function runBulkInChild(count: number): {
  rows: string[][];
  seconds: number;
  fields: FieldDataDto;
} {
  // The bulk child drives a server process of its own (startServerProcess), started as
  // `npm start` starts it, whose memory alone is measured.
  const args = [
    import.meta.filename,
    '--bulk',
    String(count),
    ...(process.argv.includes('--sources') ? ['--sources'] : []),
  ];
  const child = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const last = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !last.startsWith('{')) {
    throw new Error(`bulk ${count} failed: ${child.stderr}`);
  }
  return JSON.parse(last) as { rows: string[][]; seconds: number; fields: FieldDataDto };
}

const bulkArgument = process.argv.indexOf('--bulk');
if (bulkArgument >= 0) {
  await runBulkChild(Number(process.argv[bulkArgument + 1]));
} else {
  const load = os.loadavg()[0]?.toFixed(1) ?? '?';
  console.log(
    `Generation benchmark: Node ${process.version}, ${os.availableParallelism()} cores, ` +
      `${WORKERS} fill workers, load average ${load}`,
  );
  console.log('\n| measurement | Formbridge | pdftk | notes |\n| --- | --- | --- | --- |');
  await timeSingle(SMALL, report);
  await timeSingle(LARGE, report);
  // `--single`: the one-form measurements only.
  const bulks = (process.argv.includes('--single') ? [] : BULK_SIZES).map((count) => {
    const bulk = runBulkInChild(count);
    bulk.rows.forEach(printRow);
    return bulk;
  });
  if (bulks[0]) {
    await timePdftkBulk(bulks[0].seconds, bulks[0].fields);
  }
}
