import fs from 'node:fs';
import path from 'node:path';
import { createBodyGenerator, type JsonSchema } from './bodies.ts';

type Endpoint = { method: string; path: string; schema: JsonSchema | undefined };

export type FuzzStats = {
  requests: number;
  byStatus: Record<number, number>;
  /** Requests answered 5xx or not at all, with what was sent. */
  failures: Array<{ method: string; url: string; body: string; outcome: string }>;
  maxMs: number;
  endpoints: number;
};

const SIMPLE_FORM = path.join(import.meta.dirname, '../fixtures/own/simple-form.pdf');

// Already URL-encoded, as a client would put them in a path.
const HOSTILE_IDS = [
  '%00',
  'abc%00def',
  'x',
  '00000000-0000-0000-0000-000000000000',
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%92%A5',
  "'%20OR%201%3D1",
  '%ED%A0%80',
  'a'.repeat(36),
];

type OpenApi = {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
};

/** Every operation that takes a JSON body, from the app's own OpenAPI document. */
async function listJsonEndpoints(baseUrl: string): Promise<Endpoint[]> {
  const spec = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApi;
  const endpoints: Endpoint[] = [];
  for (const [route, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const json = operation.requestBody?.content?.['application/json'];
      if (json) {
        endpoints.push({ method: method.toUpperCase(), path: route, schema: json.schema });
      }
    }
  }
  return endpoints;
}

async function call(baseUrl: string, method: string, url: string, init: RequestInit) {
  const response = await fetch(baseUrl + url, { method, ...init });
  const text = await response.text();
  return { status: response.status, text };
}

/** A user with a table, a record and a template, so ids in paths and bodies can be real. */
async function setUpOwner(baseUrl: string, seed: number) {
  const email = `fuzz-${seed}-${Date.now()}@example.com`;
  const password = 'fuzz password 123';
  await call(baseUrl, 'POST', '/api/v1/auth/signup', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const login = await call(baseUrl, 'POST', '/api/v1/auth/login', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  const token = (JSON.parse(login.text) as { access_token: string }).access_token;
  const auth = { authorization: `Bearer ${token}` };
  const ids: string[] = [];
  const table = await call(baseUrl, 'POST', '/api/v1/dynamic-tables/', {
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Fuzz', fields: [{ name: 'name', type: 'string' }] }),
  });
  const tableId = (JSON.parse(table.text) as { id: string }).id;
  ids.push(tableId);
  const record = await call(baseUrl, 'POST', `/api/v1/dynamic-tables/${tableId}/records`, {
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { name: 'Ada' } }),
  });
  ids.push(...collectIds(record.text));
  const form = new FormData();
  form.append('name', 'Fuzz form');
  form.append('pdf_file', new Blob([fs.readFileSync(SIMPLE_FORM)]), 'form.pdf');
  const template = await call(baseUrl, 'POST', '/api/v1/pdf-templates/', {
    headers: auth,
    body: form,
  });
  ids.push(...collectIds(template.text));
  return { token, ids };
}

function collectIds(text: string): string[] {
  return [...text.matchAll(/"id":"([0-9a-f-]{36})"/g)].map((match) => match[1] ?? '');
}

/**
 * Sends `count` seeded JSON bodies to every JSON endpoint of the server at `baseUrl` (owner ids in
 * paths most of the time, hostile ones otherwise) and counts what came back. A request that gets
 * no answer within `timeoutMs` or a 5xx is a failure.
 */
export async function runJsonFuzz(options: {
  baseUrl: string;
  seed: number;
  count: number;
  timeoutMs?: number;
}): Promise<FuzzStats> {
  const { baseUrl, seed, count } = options;
  const endpoints = await listJsonEndpoints(baseUrl);
  const owner = await setUpOwner(baseUrl, seed);
  const pool = [...owner.ids];
  const nextBody = createBodyGenerator(seed, () => pool);
  const stats: FuzzStats = {
    requests: 0,
    byStatus: {},
    failures: [],
    maxMs: 0,
    endpoints: endpoints.length,
  };
  for (let i = 0; i < count; i += 1) {
    const endpoint = endpoints[i % endpoints.length];
    if (!endpoint) {
      break;
    }
    const hostileId = i % 7 === 0;
    const url = endpoint.path.replace(/\{[^}]+\}/g, () =>
      hostileId
        ? (HOSTILE_IDS[(i * 13) % HOSTILE_IDS.length] ?? 'x')
        : (pool[(i * 31) % pool.length] ?? 'x'),
    );
    const body = nextBody(endpoint.schema);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (i % 11 !== 0) {
      headers.authorization = `Bearer ${owner.token}`;
    }
    const started = performance.now();
    let outcome: string;
    try {
      const response = await fetch(baseUrl + url, {
        method: endpoint.method,
        headers,
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      const text = await response.text();
      stats.byStatus[response.status] = (stats.byStatus[response.status] ?? 0) + 1;
      outcome = response.status >= 500 ? `${response.status} ${text.slice(0, 200)}` : '';
      if (response.status < 300 && pool.length < 60) {
        pool.push(...collectIds(text));
      }
    } catch (error) {
      outcome = `no answer: ${(error as Error).message}`;
    }
    stats.maxMs = Math.max(stats.maxMs, performance.now() - started);
    stats.requests += 1;
    if (outcome) {
      stats.failures.push({ method: endpoint.method, url, body: body.slice(0, 300), outcome });
    }
  }
  return stats;
}
