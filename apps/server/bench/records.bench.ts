// Records list over HTTP with 10,000 records: `node apps/server/bench/records.bench.ts`.
// SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Prints medians, asserts nothing.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { DialectName } from '../src/db/dialect.ts';

const RECORDS = 10_000;
const RUNS = 7;

type Timed = { label: string; ms: number[]; bytes: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function call(base: string, token: string, method: string, url: string, body?: FormData) {
  const response = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(body ? { body } : {}),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  }
  return text;
}

async function time(label: string, runs: number, run: () => Promise<string>): Promise<Timed> {
  const ms: number[] = [];
  let bytes = 0;
  await run(); // warm-up: JIT, statement caches, connection pool
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    bytes = (await run()).length;
    ms.push(performance.now() - started);
  }
  return { label, ms, bytes };
}

function buildCsv(): string {
  const lines = ['full_name,email,age,member,joined,city'];
  for (let index = 0; index < RECORDS; index += 1) {
    const day = String((index % 28) + 1).padStart(2, '0');
    lines.push(
      `Person ${index},person${index}@example.com,${20 + (index % 60)},${index % 2 ? 'yes' : 'no'},2024-03-${day},City ${index % 50}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function benchDialect(dialect: DialectName): Promise<Timed[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-bench-'));
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const databaseUrl = dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
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
  const { app } = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const email = `bench-${crypto.randomUUID()}@example.com`;
    const password = 'correct horse battery';
    await fetch(`${base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: email, password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const tableResponse = await fetch(`${base}/api/v1/dynamic-tables/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench',
        fields: [
          { name: 'full_name', required: true },
          { name: 'email', type: 'email' },
          { name: 'age', type: 'number' },
          { name: 'member', type: 'boolean' },
          { name: 'joined', type: 'date' },
          { name: 'city' },
          { name: 'photo', type: 'file' },
        ],
        combination_rules: [{ name: 'display_name', source_fields: ['full_name', 'city'] }],
      }),
    });
    const { id } = (await tableResponse.json()) as { id: string };
    const records = `/api/v1/dynamic-tables/${id}/records`;
    const csv = buildCsv();
    const importForm = () => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
      return form;
    };
    const started = performance.now();
    await call(base, token, 'POST', `/api/v1/dynamic-tables/${id}/import`, importForm());
    const imported: Timed = {
      label: `import ${RECORDS} rows (CSV, once)`,
      ms: [performance.now() - started],
      bytes: csv.length,
    };
    return [
      imported,
      await time(`GET records (all ${RECORDS})`, RUNS, () => call(base, token, 'GET', records)),
      await time('GET records?limit=100&offset=9900', RUNS, () =>
        call(base, token, 'GET', `${records}?limit=100&offset=9900`),
      ),
      await time('GET export.csv', RUNS, () =>
        call(base, token, 'GET', `/api/v1/dynamic-tables/${id}/export.csv`),
      ),
    ];
  } finally {
    await app.close();
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const dialects: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
console.log(`Records benchmark: median of ${RUNS} runs after one warm-up, Node ${process.version}`);
for (const dialect of dialects) {
  for (const result of await benchDialect(dialect)) {
    const kb = Math.round(result.bytes / 1024);
    console.log(
      `${dialect.padEnd(8)} ${result.label.padEnd(38)} ${median(result.ms).toFixed(0).padStart(6)} ms  (${kb} KB)`,
    );
  }
}
