// Read latency under load: `node apps/server/bench/reads.bench.ts` (or `npm run bench reads`).
// The server runs in a child process with production's flags (SQLite, or PostgreSQL with
// `--postgres` when TEST_DATABASE_URL is set); this process is the load client: CLIENTS
// concurrent clients, each sending its next request as soon as the last one is answered. Other
// tenants hold OTHER_TENANTS × RECORDS records, so a query that scans every tenant's rows shows.
// Prints p50/p99 per endpoint as each finishes, with the 1-minute load average at its end; asserts
// nothing. `--requests N` per row (default 5,000 after two warm-up rounds: p99 from 50 samples),
// `--repeat R` runs each row R times, `--only <text>` only the rows whose label contains it.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { SERVER_NODE_FLAGS } from '../src/node-flags.ts';
import { Multipart, request, requestJson } from './bench-http.ts';
import { corpusFile } from './generation-support.ts';

const CLIENTS = 50;
const RECORDS = 10_000;
const OTHER_TENANTS = 4;
const PAGE = 50;

type Session = { base: string; token: string; cpuMs: () => number | null };

async function serve(dialect: 'sqlite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-reads-'));
  const databaseUrl = dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    ...(databaseUrl ? { databaseSchema: schema } : {}),
    publicUrl: 'http://localhost',
    smtpUrl: undefined,
    jwtSecret: undefined,
    jwtLifetimeSeconds: 3600,
    logLevel: 'silent',
    webDist: undefined,
  };
  const { app, ctx } = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
  // The parent closes stdin when it is done.
  process.stdin.resume();
  process.stdin.on('end', () => {
    void (async () => {
      if (databaseUrl) {
        await ctx.db.schema.dropSchema(schema).ifExists().cascade().execute();
      }
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
}

async function startServer(dialect: 'sqlite' | 'postgres') {
  const child = spawn(
    process.execPath,
    // BENCH_SERVER_FLAGS: extra Node/V8 flags for an experiment (`--cpu-prof`, …).
    [
      ...SERVER_NODE_FLAGS,
      ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean),
      import.meta.filename,
      '--serve',
      dialect,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve) => lines.once('line', resolve));
  const { port } = JSON.parse(first) as { port: number };
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.stdin.end();
    });
  return { base: `http://127.0.0.1:${port}`, stop, cpuMs: () => processCpuMs(child.pid) };
}

/**
 * CPU time (user + system, ms) the server process has used, from /proc; null where there is none.
 * Per request it moves much less with other load on a shared machine than latency does.
 */
function processCpuMs(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function signUp(base: string, cpuMs: () => number | null): Promise<Session> {
  const email = `bench-${crypto.randomUUID()}@example.com`;
  const password = 'correct horse battery';
  await requestJson(base, 'POST', '/api/v1/auth/signup', { body: { email, password } });
  const login = await request(base, 'POST', '/api/v1/auth/login', {
    body: Buffer.from(new URLSearchParams({ username: email, password }).toString()),
    contentType: 'application/x-www-form-urlencoded',
  });
  const { access_token: token } = JSON.parse(login.text) as { access_token: string };
  return { base, token, cpuMs };
}

/** A table with `count` records imported from CSV; returns its id. */
async function tableWithRecords(session: Session, name: string, count: number): Promise<string> {
  const { id } = await requestJson<{ id: string }>(
    session.base,
    'POST',
    '/api/v1/dynamic-tables/',
    {
      token: session.token,
      body: {
        name,
        fields: [
          { name: 'full_name', required: true },
          { name: 'email', type: 'email' },
          { name: 'age', type: 'number' },
          { name: 'member', type: 'boolean' },
          { name: 'joined', type: 'date' },
          { name: 'city' },
        ],
      },
    },
  );
  if (count > 0) {
    const lines = ['full_name,email,age,member,joined,city'];
    for (let index = 0; index < count; index += 1) {
      const day = String((index % 28) + 1).padStart(2, '0');
      lines.push(
        `Person ${index},p${index}@example.com,${20 + (index % 60)},${index % 2 ? 'yes' : 'no'},2024-03-${day},City ${index % 50}`,
      );
    }
    const form = new Multipart(
      {},
      { field: 'file', name: 'rows.csv', type: 'text/csv', bytes: Buffer.from(lines.join('\n')) },
    );
    await requestJson(session.base, 'POST', `/api/v1/dynamic-tables/${id}/import`, {
      token: session.token,
      body: form.body,
      contentType: form.contentType,
    });
  }
  return id;
}

async function uploadTemplate(session: Session, name: string) {
  const form = new Multipart(
    { name },
    {
      field: 'pdf_file',
      name: 'form.pdf',
      type: 'application/pdf',
      bytes: corpusFile('pdflib_sample_form.pdf'),
    },
  );
  await requestJson(session.base, 'POST', '/api/v1/pdf-templates/', {
    token: session.token,
    body: form.body,
    contentType: form.contentType,
  });
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const only = argument('--only') ?? '';
const REQUESTS = Number(argument('--requests') ?? 5000);
const REPEAT = Number(argument('--repeat') ?? 1);

/** CLIENTS closed-loop clients, `perClient` requests each after two warm-up rounds; REPEAT times. */
async function load(session: Session, label: string, perClient: number, url: () => string) {
  if (!label.includes(only)) {
    return;
  }
  for (let round = 0; round < REPEAT; round += 1) {
    await measure(session, label, perClient, url);
  }
}

async function measure(session: Session, label: string, perClient: number, url: () => string) {
  const run = async () => {
    const response = await request(session.base, 'GET', url(), { token: session.token });
    if (response.status !== 200) {
      throw new Error(`${label}: ${response.status} ${response.text.slice(0, 200)}`);
    }
    return response.text.length;
  };
  for (let warmUp = 0; warmUp < (perClient > 1 ? 2 : 1); warmUp += 1) {
    await Promise.all(Array.from({ length: CLIENTS }, run));
  }
  const ms: number[] = [];
  let bytes = 0;
  const cpuBefore = session.cpuMs();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let index = 0; index < perClient; index += 1) {
        const at = performance.now();
        bytes = await run();
        ms.push(performance.now() - at);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = session.cpuMs();
  const cpuPerRequest =
    cpuBefore === null || cpuAfter === null ? '–' : ((cpuAfter - cpuBefore) / ms.length).toFixed(2);
  ms.sort((a, b) => a - b);
  const row = [
    label,
    percentile(ms, 0.5).toFixed(1),
    percentile(ms, 0.99).toFixed(1),
    (ms.length / seconds).toFixed(0),
    `${(bytes / 1024).toFixed(1)} KB`,
    String(ms.length),
    cpuPerRequest,
    os.loadavg()[0]?.toFixed(1) ?? '–',
  ];
  console.log(`| ${row.join(' | ')} |`);
}

async function main(dialect: 'sqlite' | 'postgres') {
  const server = await startServer(dialect);
  try {
    const setupStarted = performance.now();
    for (let tenant = 0; tenant < OTHER_TENANTS; tenant += 1) {
      await tableWithRecords(await signUp(server.base, server.cpuMs), `Tenant ${tenant}`, RECORDS);
    }
    const session = await signUp(server.base, server.cpuMs);
    for (let index = 0; index < 3; index += 1) {
      await uploadTemplate(session, `Form ${index}`);
    }
    const big = await tableWithRecords(session, 'Big', RECORDS);
    await tableWithRecords(session, 'Empty A', 0);
    await tableWithRecords(session, 'Empty B', 0);
    const lonely = await signUp(server.base, server.cpuMs);
    await tableWithRecords(lonely, 'Only table', 0);
    console.log(
      `Reads under load (${dialect}): ${CLIENTS} clients, ${(OTHER_TENANTS + 1) * RECORDS} records ` +
        `in ${OTHER_TENANTS + 1} tenants, setup ${((performance.now() - setupStarted) / 1000).toFixed(1)} s, ` +
        `Node ${process.version}, ${os.availableParallelism()} cores, load average ${os.loadavg()[0]?.toFixed(1)}`,
    );
    console.log(
      '\n| GET | p50 ms | p99 ms | requests/s | response | requests | server CPU ms/request | load |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const perClient = Math.max(1, Math.round(REQUESTS / CLIENTS));
    const randomPage = () => PAGE * Math.floor(Math.random() * (RECORDS / PAGE));
    await load(session, 'templates list (3 templates)', perClient, () => '/api/v1/pdf-templates/');
    await load(
      session,
      'tables list (3 tables, 10,000 records)',
      perClient,
      () => '/api/v1/dynamic-tables/',
    );
    await load(lonely, 'tables list (1 empty table)', perClient, () => '/api/v1/dynamic-tables/');
    await load(
      session,
      `records page (limit=${PAGE}, random offset)`,
      perClient,
      () => `/api/v1/dynamic-tables/${big}/records?limit=${PAGE}&offset=${randomPage()}`,
    );
    await load(
      session,
      `records page (limit=${PAGE}, offset=${RECORDS - PAGE})`,
      perClient,
      () => `/api/v1/dynamic-tables/${big}/records?limit=${PAGE}&offset=${RECORDS - PAGE}`,
    );
    // Offsets off the 50-record grid: almost every request asks for a page not asked for before.
    await load(
      session,
      `records page (limit=${PAGE}, any offset)`,
      perClient,
      () =>
        `/api/v1/dynamic-tables/${big}/records?limit=${PAGE}&offset=${Math.floor(Math.random() * (RECORDS - PAGE))}`,
    );
    await load(session, `records, all ${RECORDS.toLocaleString('en-US')}`, 1, () => {
      return `/api/v1/dynamic-tables/${big}/records`;
    });
  } finally {
    await server.stop();
  }
}

const serveArgument = process.argv.indexOf('--serve');
if (serveArgument >= 0) {
  await serve(process.argv[serveArgument + 1] === 'postgres' ? 'postgres' : 'sqlite');
} else {
  if (!process.argv.includes('--postgres-only')) {
    await main('sqlite');
  }
  if (process.env.TEST_DATABASE_URL && !process.argv.includes('--sqlite-only')) {
    await main('postgres');
  }
}
