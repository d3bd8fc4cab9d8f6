import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { CrashPoint } from '../src/lib/crash-point.ts';
import { SERVER_NODE_FLAGS } from '../src/node-flags.ts';
import { OWN_FIXTURES, readFixture } from './factories.ts';
import { freePort, waitFor } from './process-helpers.ts';

// kill -9 at the worst moment of each write, then a restart: nothing may be half-written. The
// server runs as a child process with FORMBRIDGE_TEST_CRASH_POINT (lib/crash-point.ts), which
// stops it right after the file is stored and before its row commits (for the import: after the
// rows are inserted, before the commit); the test waits for that line on stderr and kills it.
// The restart sweeps with a grace of 0 s, as a lone server may: nothing else is in flight.

const SERVER_ENTRY = fileURLToPath(new URL('../src/server.ts', import.meta.url));

type Server = { baseUrl: string; child: ChildProcess; output: () => string };

const running: ChildProcess[] = [];

async function startServer(dataDir: string, crashPoint?: CrashPoint): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    FILE_SWEEP_GRACE_SECONDS: '0',
    ...(crashPoint ? { FORMBRIDGE_TEST_CRASH_POINT: crashPoint } : {}),
  };
  delete env.DATABASE_URL;
  delete env.STORAGE;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], { env });
  running.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor('the server to start', async () => {
    if (child.exitCode !== null) {
      throw new Error(`the server exited: ${output}`);
    }
    return fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
  });
  return { baseUrl, child, output: () => output };
}

async function kill9(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

afterEach(() => {
  for (const child of running.splice(0)) {
    child.kill('SIGKILL');
  }
});

function client(baseUrl: string, token = '') {
  return async (method: string, url: string, body?: unknown) => {
    const isForm = body instanceof FormData;
    const response = await fetch(baseUrl + url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as never };
  };
}

async function signUp(baseUrl: string) {
  const anonymous = client(baseUrl);
  const credentials = { email: 'crash@example.com', password: 'crash-password-1' };
  await anonymous('POST', '/api/v1/auth/signup', credentials);
  // OAuth2 password form, as the web app's login sends it.
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: credentials.email, password: credentials.password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return client(baseUrl, token);
}

function templateForm(): FormData {
  const form = new FormData();
  form.append('name', 'Simple form');
  form.append('pdf_file', new Blob([readFixture(OWN_FIXTURES, 'simple-form.pdf')]), 'form.pdf');
  return form;
}

/** Every stored file and every row that names one, read straight from DATA_DIR. */
function inventory(dataDir: string) {
  const root = path.join(dataDir, 'files');
  const files = fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    : [];
  const db = new DatabaseSync(path.join(dataDir, 'formbridge.sqlite'));
  const keys = (table: string) =>
    (db.prepare(`SELECT file_key FROM ${table}`).all() as Array<{ file_key: string }>).map(
      (row) => row.file_key,
    );
  const rows = [...keys('pdf_templates'), ...keys('record_files'), ...keys('completed_forms')];
  const formRecords = (
    db.prepare('SELECT record_id FROM completed_forms').all() as Array<{ record_id: string }>
  ).map((row) => row.record_id);
  const records = (db.prepare('SELECT count(*) AS n FROM table_records').get() as { n: number }).n;
  db.close();
  const temp = fs.existsSync(path.join(dataDir, 'tmp'))
    ? fs.readdirSync(path.join(dataDir, 'tmp'))
    : [];
  // A finished job's zip is owned by its jobs row (result), not by a file_key column.
  const stored = files.filter((file) => !file.startsWith('jobs/')).sort();
  return { files: stored, rows: rows.sort(), records, temp, formRecords };
}

/**
 * Restarts on the same data, waits for the start-up sweep (and for `settle`: work the restart
 * takes up again), and checks nothing is half-written.
 */
async function restartAndCheck(dataDir: string, settle?: () => Promise<void>) {
  const server = await startServer(dataDir);
  await waitFor('the start-up file sweep', () => server.output().includes('file sweep done'));
  await settle?.();
  const after = inventory(dataDir);
  // No orphan file (every file has its row), no half row (every row has its file), no temp file.
  expect(after.files).toEqual(after.rows);
  expect(after.temp).toEqual([]);
  return { server, after };
}

async function crashDuring(
  point: CrashPoint,
  act: (server: Server) => Promise<void>,
  settle?: (dataDir: string) => Promise<void>,
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-crash-'));
  try {
    const server = await startServer(dataDir, point);
    await act(server);
    await waitFor(`crash point ${point}`, () => server.output().includes('crash point reached'));
    const before = inventory(dataDir);
    await kill9(server);
    const { after } = await restartAndCheck(dataDir, settle && (() => settle(dataDir)));
    return { before, after };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits until no job in DATA_DIR's database is queued or running (the restart resumed them). */
async function waitForJobsToEnd(dataDir: string): Promise<void> {
  await waitFor('the resumed job to end', () => {
    const db = new DatabaseSync(path.join(dataDir, 'formbridge.sqlite'));
    try {
      const open = db
        .prepare("SELECT count(*) AS n FROM jobs WHERE status IN ('queued', 'running')")
        .get() as { n: number };
      return open.n === 0;
    } finally {
      db.close();
    }
  });
}

// Each case starts a server process, kills it and starts another: on a loaded 2-core machine
// that alone took 30 s, the default test timeout.
describe('kill -9 during a write leaves nothing half-written', { timeout: 120_000 }, () => {
  it('template upload: the stored PDF without its row is swept', async () => {
    const { before, after } = await crashDuring('template-stored', async (server) => {
      const call = await signUp(server.baseUrl);
      void call('POST', '/api/v1/pdf-templates/', templateForm()).catch(() => undefined);
    });
    expect(before.files.filter((file) => file.startsWith('templates/'))).toHaveLength(1);
    expect(before.rows).toEqual([]);
    expect(after.files).toEqual([]);
  });

  it('attachment upload: the file is swept and the record stays as it was', async () => {
    let recordId = '';
    const { after } = await crashDuring('record-file-stored', async (server) => {
      const call = await signUp(server.baseUrl);
      const table = await call('POST', '/api/v1/dynamic-tables/', {
        name: 'Docs',
        fields: [{ name: 'title' }, { name: 'scan', type: 'file' }],
      });
      const tableId = (table.body as { id: string }).id;
      const record = await call('POST', `/api/v1/dynamic-tables/${tableId}/records`, {
        data: { title: 'A' },
      });
      recordId = (record.body as { id: string }).id;
      const form = new FormData();
      form.append('field_name', 'scan');
      form.append('file', new Blob([readFixture(OWN_FIXTURES, 'simple-form.pdf')]), 'scan.pdf');
      void call('POST', `/api/v1/files/${tableId}/records/${recordId}/upload`, form).catch(
        () => undefined,
      );
    });
    expect(after.files).toEqual([]);
    expect(after.records).toBe(1);
    expect(recordId).not.toBe('');
  });

  it('import: no row of an interrupted import survives', async () => {
    const { after } = await crashDuring('import-inserted', async (server) => {
      const call = await signUp(server.baseUrl);
      const table = await call('POST', '/api/v1/dynamic-tables/', {
        name: 'People',
        fields: [{ name: 'name' }],
      });
      const form = new FormData();
      form.append('file', new Blob(['name\nAda\nGrace\nLin\n']), 'people.csv');
      const url = `/api/v1/dynamic-tables/${(table.body as { id: string }).id}/import`;
      void call('POST', url, form).catch(() => undefined);
    });
    expect(after.records).toBe(0);
  });

  it('bulk generation: forms stored but not recorded are swept, then the job resumes', async () => {
    let recordIds: string[] = [];
    const { before, after } = await crashDuring(
      'completed-form-stored',
      async (server) => {
        const call = await signUp(server.baseUrl);
        const template = await call('POST', '/api/v1/pdf-templates/', templateForm());
        const templateId = (template.body as { id: string }).id;
        const table = await call('POST', '/api/v1/dynamic-tables/', {
          name: 'Applicants',
          fields: [{ name: 'name' }],
        });
        const tableId = (table.body as { id: string }).id;
        const mapped = await call('POST', '/api/v1/field-mappings/', {
          template_id: templateId,
          field_name: 'applicant.full_name',
          mapped_table_id: tableId,
          mapped_field_key: 'name',
        });
        expect(mapped.status).toBe(201);
        const ids: string[] = [];
        for (const name of ['Ada', 'Grace', 'Lin']) {
          const record = await call('POST', `/api/v1/dynamic-tables/${tableId}/records`, {
            data: { name },
          });
          ids.push((record.body as { id: string }).id);
        }
        recordIds = ids;
        const started = await call(
          'POST',
          `/api/v1/completed-forms/bulk/${templateId}/${tableId}`,
          {
            record_ids: ids,
          },
        );
        expect(started.status).toBe(202);
      },
      waitForJobsToEnd,
    );
    // Fills run in parallel: one or more forms may have reached the crash point.
    const stored = before.files.filter((file) => file.startsWith('completed-forms/'));
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(before.rows.filter((key) => key.startsWith('completed-forms/'))).toEqual([]);
    // The restart swept those, then ran the job again: one recorded form per record, no orphan.
    expect(after.formRecords.sort()).toEqual([...recordIds].sort());
    expect(after.files.filter((file) => file.startsWith('templates/'))).toHaveLength(1);
  });
});
