// Set-up shared by the bulk benchmarks (generation, fairness, bulk memory): the server in its own
// process on SQLite or on a fresh PostgreSQL database, users signed up, and for each a template
// mapped onto a table of `count` records written straight into the database (as an earlier
// import would have left them). Not a benchmark itself (run.ts runs only *.bench.ts).
import crypto from 'node:crypto';
import type { JobResponse } from '@formbridge/contract/jobs';
import type { FieldDataDto } from '@formbridge/contract/templates';
import type { Config } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { insertRecords } from '../src/modules/records/records.repo.ts';
import { corpusFile, valuesFor } from './generation-support.ts';
import { Multipart, request, requestJson } from './bench-http.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

export const SMALL_FORM = 'pdflib_sample_form.pdf';

export type Api = (method: string, url: string, body?: unknown) => Promise<unknown>;
export type BenchUser = { api: Api; token: string; userId: string };
export type BenchServer = {
  server: ServerProcess;
  databaseUrl: string | undefined;
  signUp: () => Promise<BenchUser>;
  close: () => Promise<void>;
};

/**
 * A fresh database on the PostgreSQL server of `adminUrl` (dropped by `drop`): the benchmark's
 * tables and pg-boss's never meet another run's or a test's.
 */
async function freshPostgresDatabase(adminUrl: string) {
  const { default: pg } = await import('pg');
  const name = `formbridge_bench_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The server (`postgresAdminUrl`: on a fresh database of that PostgreSQL, pg-boss queue). */
export async function startBenchServer(
  options: { postgresAdminUrl?: string; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  const postgres = options.postgresAdminUrl
    ? await freshPostgresDatabase(options.postgresAdminUrl)
    : undefined;
  const server = await startServerProcess(process.argv.includes('--sources'), {
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  });
  const { base } = server;
  const signUp = async (): Promise<BenchUser> => {
    const email = `bench-${crypto.randomUUID()}@example.com`;
    const password = 'correct horse battery';
    const { id: userId } = await requestJson<{ id: string }>(base, 'POST', '/api/v1/auth/signup', {
      body: { email, password },
    });
    const { access_token: token } = await requestJson<{ access_token: string }>(
      base,
      'POST',
      '/api/v1/auth/login',
      {
        body: Buffer.from(new URLSearchParams({ username: email, password }).toString()),
        contentType: 'application/x-www-form-urlencoded',
      },
    );
    // bench-http, not fetch: undici's fetch gives up on headers that take more than 300 s.
    const api: Api = (method, url, body) =>
      body instanceof Multipart
        ? requestJson(base, method, url, { token, body: body.body, contentType: body.contentType })
        : requestJson(base, method, url, { token, body });
    return { api, token, userId };
  };
  return {
    server,
    databaseUrl: postgres?.url,
    signUp,
    close: async () => {
      await server.stop();
      await postgres?.drop();
    },
  };
}

export type BulkSetup = {
  templateId: string;
  tableId: string;
  ids: string[];
  fields: FieldDataDto;
};

/** A table with one column per fillable field, the template mapped onto it, `count` records. */
export async function prepareBulk(
  bench: BenchServer,
  user: BenchUser,
  count: number,
): Promise<BulkSetup> {
  const form = new Multipart(
    { name: 'Bench form' },
    { field: 'pdf_file', name: SMALL_FORM, type: 'application/pdf', bytes: corpusFile(SMALL_FORM) },
  );
  const template = (await user.api('POST', '/api/v1/pdf-templates/', form)) as {
    id: string;
    field_data: FieldDataDto;
  };
  const sample = valuesFor(template.field_data, 0);
  const columns = Object.keys(sample).map((pdfField, index) => ({
    pdfField,
    name: `c${index}`,
    type: typeof sample[pdfField] === 'boolean' ? 'boolean' : 'string',
  }));
  const table = (await user.api('POST', '/api/v1/dynamic-tables/', {
    name: 'Bench',
    fields: columns.map(({ name, type }) => ({ name, type })),
  })) as { id: string };
  for (const column of columns) {
    await user.api('POST', '/api/v1/field-mappings/', {
      template_id: template.id,
      field_name: column.pdfField,
      mapped_table_id: table.id,
      mapped_field_key: column.name,
    });
  }
  const ids: string[] = [];
  const records = Array.from({ length: count }, (_, index) => {
    const values = valuesFor(template.field_data, index);
    const data = Object.fromEntries(
      columns.map((column) => [column.name, values[column.pdfField]]),
    );
    const id = crypto.randomUUID();
    ids.push(id);
    const at = new Date(Date.UTC(2026, 0, 1) + index).toISOString();
    return {
      id,
      owner_id: user.userId,
      table_id: table.id,
      data: JSON.stringify(data),
      created_at: at,
      updated_at: at,
      version: 1,
    };
  });
  // Written straight into the server's database (SQLite in WAL mode, so beside the running
  // server), as the records of an earlier import would be there.
  const database = await openDatabase({
    dataDir: bench.server.dataDir,
    databaseUrl: bench.databaseUrl,
  } as Config);
  try {
    for (let start = 0; start < records.length; start += 5_000) {
      await insertRecords(database.db, records.slice(start, start + 5_000));
    }
  } finally {
    await database.close();
  }
  return { templateId: template.id, tableId: table.id, ids, fields: template.field_data };
}

/** Starts a bulk job of `setup`'s records (or the first `count`); resolves to its id. */
export async function startBulk(user: BenchUser, setup: BulkSetup, count = setup.ids.length) {
  const url = `/api/v1/completed-forms/bulk/${setup.templateId}/${setup.tableId}`;
  const answer = (await user.api('POST', url, { record_ids: setup.ids.slice(0, count) })) as
    JobResponse | { job: { id: string } };
  return answer.job.id;
}

/** The job's status and count done, read as text (a finished job's answer lists every form). */
export async function pollJob(bench: BenchServer, user: BenchUser, id: string) {
  const polled = await request(bench.server.base, 'GET', `/api/v1/jobs/${id}`, {
    token: user.token,
  });
  const progress = /"status":"(\w+)","done":(\d+)/.exec(polled.text);
  return {
    status: progress?.[1] ?? 'unknown',
    done: Number(progress?.[2] ?? 0),
    text: polled.text,
  };
}
