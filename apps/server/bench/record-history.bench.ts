// A record's history at thousands of events: `node apps/server/bench/record-history.bench.ts` (or
// `npm run bench record-history`). One record holds RECORD_EVENTS events among OTHER events of
// other records in the same workspace, written straight into the table by one INSERT … SELECT;
// then each history page below (and a restore of a deep entry) runs RUNS times after a warm-up.
// SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Prints the median and the slowest
// run; asserts nothing (target: < 200 ms a page, never reading the whole history).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import type { DialectName } from '../src/db/dialect.ts';

const RECORD_EVENTS = Number(process.env.HISTORY_BENCH_EVENTS ?? 20_000);
const OTHER = RECORD_EVENTS * 10;
const RUNS = 15;

function stats(values: number[]): { median: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? NaN, max: sorted.at(-1) ?? NaN };
}

/** `count` record.updated events one second apart, ending an hour ago; `target` or 20,000 others. */
async function seed(
  db: Db,
  dialect: DialectName,
  workspaceId: string,
  target: string | null,
  count: number,
) {
  const start = Math.floor(Date.now() / 1000) - count - 3600;
  const pad = dialect === 'sqlite' ? sql`printf('%012d', i)` : sql`lpad(i::text, 12, '0')`;
  const at =
    dialect === 'sqlite'
      ? sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${start} + i, 'unixepoch')`
      : sql`to_char(to_timestamp(${start} + i) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const series =
    dialect === 'sqlite'
      ? sql`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})`
      : sql`WITH n(i) AS (SELECT generate_series(0, ${count - 1}))`;
  const targetId = target === null ? sql`'rec-' || (i % 20000)` : sql`${target}`;
  const prefix = crypto.randomBytes(4).toString('hex');
  await sql`${series}
    INSERT INTO audit_events (id, workspace_id, at, actor_kind, actor_id, actor_name, source, action,
      target_kind, target_id, target_name, changes, ip, user_agent)
    SELECT ${prefix} || '-0000-7000-8000-' || ${pad}, ${workspaceId}, ${at}, 'user', NULL,
      'member@example.com', 'web', 'record.updated', 'record', ${targetId}, 'Client',
      '[{"field":"city","before":"Lyon ' || i || '","after":"Paris ' || i || '","before_value":"Lyon ' || i || '","after_value":"Paris ' || i || '"}]',
      '203.0.113.7', 'Mozilla/5.0'
    FROM n`.execute(db);
}

async function benchDialect(dialect: DialectName): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-history-bench-'));
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
  const { app, ctx } = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const email = `bench-${crypto.randomUUID()}@example.com`;
    const password = 'correct horse battery';
    const signup = await fetch(`${base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const { id: userId } = (await signup.json()) as { id: string };
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: email, password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await response.json()) as Record<string, unknown>;
      if (!response.ok) {
        throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
      }
      return json;
    };
    const table = await call('POST', '/api/v1/dynamic-tables/', {
      name: 'Clients',
      fields: [{ name: 'city', type: 'string' }],
    });
    const tableId = String(table.id);
    const record = await call('POST', `/api/v1/dynamic-tables/${tableId}/records`, {
      data: { city: 'Lyon' },
    });
    const recordId = String(record.id);
    let started = performance.now();
    await seed(ctx.db, dialect, userId, recordId, RECORD_EVENTS);
    await seed(ctx.db, dialect, userId, null, OTHER);
    await sql`${sql.raw(dialect === 'postgres' ? 'VACUUM ANALYZE audit_events' : 'ANALYZE')}`.execute(
      ctx.db,
    );
    console.log(
      `${dialect}: ${RECORD_EVENTS} events of the record + ${OTHER} of others written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const history = `/api/v1/dynamic-tables/${tableId}/records/${recordId}/history`;
    const deep = await ctx.db
      .selectFrom('audit_events')
      .select('id')
      .where('target_id', '=', recordId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(Math.floor(RECORD_EVENTS * 0.9))
      .limit(1)
      .executeTakeFirstOrThrow();
    const second = String((await call('GET', `${history}?limit=50`)).next_cursor);
    const cases: Array<[string, string, string]> = [
      ['first page (50)', 'GET', `${history}?limit=50`],
      ['second page (before)', 'GET', `${history}?limit=50&before=${second}`],
      [
        `page after entry ${Math.floor(RECORD_EVENTS * 0.9)}`,
        'GET',
        `${history}?limit=50&before=${deep.id}`,
      ],
      ['first page (200, the maximum)', 'GET', `${history}?limit=200`],
      ['restore of that deep entry', 'POST', `${history}/${deep.id}/restore`],
    ];
    for (const [label, method, url] of cases) {
      const body = method === 'POST' ? {} : undefined;
      await call(method, url, body);
      const ms: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        started = performance.now();
        await call(method, url, body);
        ms.push(performance.now() - started);
      }
      const { median, max } = stats(ms);
      console.log(
        `${dialect.padEnd(8)} ${label.padEnd(32)} ${median.toFixed(1).padStart(7)} ms median ${max.toFixed(1).padStart(7)} ms max`,
      );
    }
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
console.log(
  `Record history benchmark: ${RECORD_EVENTS} events of one record among ${OTHER} others, median and max of ${RUNS} runs after a warm-up, Node ${process.version}`,
);
for (const dialect of dialects) {
  await benchDialect(dialect);
}
