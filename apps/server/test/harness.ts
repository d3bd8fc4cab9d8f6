import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp, type BuildOptions, type BuiltApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { DialectName } from '../src/db/dialect.ts';
import { StorageNotFoundError } from '../src/lib/storage/storage.ts';
import { startLocalS3, type LocalS3 } from './s3-server.ts';
import { assertS3SuiteLists } from './s3-suite.ts';

/**
 * `TEST_STORAGE=s3` runs the API suite against a real S3-compatible server (one s3rver per test
 * file, one key prefix per app) instead of the local disk.
 */
let localS3: Promise<LocalS3> | undefined;
function s3StorageFor(schema: string): Promise<Config['storage']> | undefined {
  if (process.env.TEST_STORAGE !== 's3') {
    return undefined;
  }
  localS3 ??= startLocalS3();
  return localS3.then((s3) => ({ kind: 's3', ...s3.options, prefix: `${schema}/` }));
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DIALECTS: DialectName[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export type ApiResponse = { status: number; body: unknown; headers: Headers; text: string };

export type RequestOptions = {
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: RequestInit['body'];
  headers?: Record<string, string>;
};

export type TestApp = BuiltApp & {
  baseUrl: string;
  dataDir: string;
  request: (method: string, url: string, options?: RequestOptions) => Promise<ApiResponse>;
  close: () => Promise<void>;
};

/**
 * Builds the real app on a fresh database (own SQLite file, or own PostgreSQL schema) and listens
 * on an ephemeral port, so tests talk real HTTP and never share state.
 */
export async function startTestApp(
  dialect: DialectName,
  overrides: Partial<Config> = {},
  options: BuildOptions & { beforeListen?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-test-'));
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
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
    logLevel: process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent',
    webDist: undefined,
    storage: (await s3StorageFor(schema)) ?? { kind: 'local' },
    ...overrides,
  };
  const built = await buildApp(config, options);
  options.beforeListen?.(built.app);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') {
    throw new Error('Test app did not bind a TCP port');
  }
  const baseUrl = `http://127.0.0.1:${address.port}`;

  const request = async (method: string, url: string, opts: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    let body = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    if (opts.token) {
      headers.authorization = `Bearer ${opts.token}`;
    }
    const response = await fetch(baseUrl + url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json')) {
      parsed = JSON.parse(text);
    }
    return { status: response.status, body: parsed, headers: response.headers, text };
  };

  const close = async () => {
    await built.app.close();
    // Local storage makes `files/` at its first write. A file whose app stored through the default
    // storage must say whether the S3 run repeats it (s3-suite.ts): checked here, where none forgets.
    const stored = !overrides.storage && fs.existsSync(path.join(dataDir, 'files'));
    if (databaseUrl) {
      await dropSchema(databaseUrl, schema);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (stored) {
      assertS3SuiteLists(expect.getState().testPath);
    }
  };
  return { ...built, baseUrl, dataDir, request, close };
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

export type TestUser = { id: string; email: string; password: string; token: string };

let userCounter = 0;

/** Registers and signs in a new user with a unique e-mail. */
export async function createUser(t: TestApp, email?: string): Promise<TestUser> {
  userCounter += 1;
  const address =
    email ?? `user${userCounter}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = 'correct horse battery';
  const signup = await t.request('POST', '/api/v1/auth/signup', {
    json: { email: address, password },
  });
  expect(signup.status).toBe(201);
  const login = await t.request('POST', '/api/v1/auth/login', {
    form: { username: address, password },
  });
  expect(login.status).toBe(200);
  const { id } = signup.body as { id: string };
  const { access_token: token } = login.body as { access_token: string };
  return { id, email: address, password, token };
}

/**
 * The ownership check every endpoint gets: user B asking for user A's resource gets 404 with a
 * detail, exactly as for an id that does not exist.
 */
export async function expectNotFoundForOtherUser(
  t: TestApp,
  method: string,
  url: string,
  options: Omit<RequestOptions, 'token'> = {},
): Promise<void> {
  const stranger = await createUser(t);
  const response = await t.request(method, url, { ...options, token: stranger.token });
  expect(response.status, `${method} ${url} as another user`).toBe(404);
  expect(response.body).toMatchObject({ detail: expect.any(String) });
}

/** Keys the app has stored under a folder, through its own storage (local disk or S3). */
export async function storedKeys(t: TestApp, folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.ctx.storage.list(folder)) {
    keys.push(key);
  }
  return keys;
}

/** Whether one stored file exists, through the app's own storage. */
export async function isStored(t: TestApp, key: string): Promise<boolean> {
  try {
    (await t.ctx.storage.openStream(key)).stream.destroy();
    return true;
  } catch (error) {
    if (error instanceof StorageNotFoundError) {
      return false;
    }
    throw error;
  }
}
