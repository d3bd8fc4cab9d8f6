// The audit log's pages at 1,000,000 events: `node apps/server/bench/audit.bench.ts` (or
// `npm run bench audit`). One workspace holds EVENTS events (plus OTHER events in another one),
// written straight into the table by one INSERT … SELECT; then each page below is asked over HTTP
// RUNS times after a warm-up. SQLite always; PostgreSQL too when TEST_DATABASE_URL is set.
// Prints the median and the slowest run per page; asserts nothing (target: < 200 ms a page).
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

const EVENTS = Number(process.env.AUDIT_BENCH_EVENTS ?? 1_000_000);
const OTHER = Math.round(EVENTS / 10);
const RUNS = 15;
const ACTIONS = [
  'record.updated',
  'record.created',
  'record.deleted',
  'table.schema_changed',
  'template.uploaded',
  'completed_form.generated',
];

function stats(values: number[]): { median: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? NaN, max: sorted.at(-1) ?? NaN };
}

/**
 * `count` events in `workspaceId`, one second apart ending an hour ago, ids sorting with time;
 * one event in 10,000 is a rare `member.role_changed`. Actors rotate over five ids (`actors[0]`
 * the signed-in user), targets over 20,000 records.
 */
async function seed(
  db: Db,
  dialect: DialectName,
  workspaceId: string,
  actors: string[],
  count: number,
) {
  const start = Math.floor(Date.now() / 1000) - count - 3600;
  const pad =
    dialect === 'sqlite'
      ? (e: string) => sql`printf('%012d', ${sql.raw(e)})`
      : (e: string) => sql`lpad((${sql.raw(e)})::text, 12, '0')`;
  const at =
    dialect === 'sqlite'
      ? sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${start} + i, 'unixepoch')`
      : sql`to_char(to_timestamp(${start} + i) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const pick = (list: string[], by: string) =>
    sql`(CASE ${sql.join(
      list.map((item, index) => sql`WHEN ${sql.raw(by)} = ${index} THEN ${item}`),
      sql` `,
    )} END)`;
  const series =
    dialect === 'sqlite'
      ? sql`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})`
      : sql`WITH n(i) AS (SELECT generate_series(0, ${count - 1}))`;
  const prefix = crypto.randomBytes(4).toString('hex');
  await sql`${series}
    INSERT INTO audit_events (id, workspace_id, at, actor_kind, actor_id, actor_name, source, action,
      target_kind, target_id, target_name, changes, ip, user_agent)
    SELECT ${prefix} || '-0000-7000-8000-' || ${pad('i')}, ${workspaceId}, ${at}, 'user',
      ${pick(actors, 'i % 5')}, 'member' || (i % 5) || '@example.com', 'web',
      CASE WHEN i % 10000 = 7 THEN 'member.role_changed' ELSE ${pick(ACTIONS, 'i % 6')} END,
      CASE WHEN i % 6 = 3 THEN 'table' WHEN i % 6 = 4 THEN 'template' ELSE 'record' END,
      'rec-' || (i % 20000), 'Client ' || (i % 20000),
      '[{"field":"city","before":"Lyon","after":"Paris ' || i || '"}]', '203.0.113.' || (i % 250),
      'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'
    FROM n`.execute(db);
}

async function benchDialect(dialect: DialectName): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-audit-bench-'));
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
    const signIn = async () => {
      const email = `bench-${crypto.randomUUID()}@example.com`;
      const password = 'correct horse battery';
      const signup = await fetch(`${base}/api/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const { id } = (await signup.json()) as { id: string };
      const login = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        body: new URLSearchParams({ username: email, password }),
      });
      return { id, token: ((await login.json()) as { access_token: string }).access_token };
    };
    const user = await signIn();
    const other = await signIn();
    const actors = [user.id, ...[1, 2, 3, 4].map(() => crypto.randomUUID())];
    let started = performance.now();
    await seed(ctx.db, dialect, user.id, actors, EVENTS);
    await seed(ctx.db, dialect, other.id, [other.id, ...actors.slice(1)], OTHER);
    if (dialect === 'postgres') {
      // What autovacuum does to a table this size within minutes: visibility and statistics.
      await sql`VACUUM ANALYZE audit_events`.execute(ctx.db);
    } else {
      await sql`ANALYZE`.execute(ctx.db);
    }
    console.log(
      `${dialect}: ${EVENTS + OTHER} events written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const audit = `/api/v1/workspaces/${user.id}/audit`;
    const get = async (query: string) => {
      const response = await fetch(`${base}${audit}${query}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      const body = (await response.json()) as { events: unknown[]; next_cursor: string | null };
      if (!response.ok) {
        throw new Error(`${query}: ${response.status} ${JSON.stringify(body)}`);
      }
      return body;
    };
    // The cursor after the 900,000th event: a page as deep as paging could go.
    const deep = await ctx.db
      .selectFrom('audit_events')
      .select(['at', 'id'])
      .where('workspace_id', '=', user.id)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(Math.floor(EVENTS * 0.9))
      .limit(1)
      .executeTakeFirstOrThrow();
    const deepCursor = Buffer.from(`${deep.at}|${deep.id}`).toString('base64url');
    const second = (await get('?limit=50')).next_cursor ?? '';
    const week = new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString();
    const weekEnd = new Date(Date.now() - 6 * 24 * 3600 * 1000).toISOString();
    const pages: Array<[string, string]> = [
      ['first page (50)', '?limit=50'],
      ['second page (cursor)', `?limit=50&cursor=${second}`],
      ['page after event 900,000', `?limit=50&cursor=${deepCursor}`],
      ['first page (200, the maximum)', '?limit=200'],
      ['action filter (1 in 6)', '?action=record.deleted'],
      ['rare action (1 in 10,000)', '?action=member.role_changed'],
      ['actor filter (1 in 5)', `?actor=${actors[3]}`],
      ['one target (50 events)', '?target_id=rec-120'],
      ['target kind + one day', `?target_kind=template&from=${week}&to=${weekEnd}`],
      ['actor + action, deep', `?actor=${actors[2]}&action=record.updated&cursor=${deepCursor}`],
    ];
    for (const [label, query] of pages) {
      await get(query);
      const ms: number[] = [];
      let count = 0;
      for (let run = 0; run < RUNS; run += 1) {
        started = performance.now();
        count = (await get(query)).events.length;
        ms.push(performance.now() - started);
      }
      const { median, max } = stats(ms);
      console.log(
        `${dialect.padEnd(8)} ${label.padEnd(32)} ${median.toFixed(1).padStart(7)} ms median ${max.toFixed(1).padStart(7)} ms max  (${count} events)`,
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
  `Audit log benchmark: ${EVENTS} events, median and max of ${RUNS} runs after a warm-up, Node ${process.version}`,
);
for (const dialect of dialects) {
  await benchDialect(dialect);
}
