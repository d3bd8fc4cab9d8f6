import fs from 'node:fs';
import { healthResponseSchema } from '@formbridge/contract/health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteResponseEntry } from '../src/lib/route-responses.ts';
import { startTestApp, type TestApp } from './harness.ts';

// Every answer the API sends has its shape in packages/contract, so the web reads the server's
// own types and never re-types a response by hand. A route answering with a zod schema written in
// apps/server fails here: move the schema into the contract (the file of its area) and import it.

const CONTRACT_SRC = new URL('../../../packages/contract/src/', import.meta.url);

/** Every zod schema exported by any file of the contract package, by identity. */
async function contractSchemas(): Promise<Map<unknown, string>> {
  const names = fs
    .readdirSync(CONTRACT_SRC)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -'.ts'.length));
  const schemas = new Map<unknown, string>();
  for (const name of names) {
    const exports = (await import(`@formbridge/contract/${name}`)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exports)) {
      if (value instanceof z.ZodType) {
        schemas.set(value, `${name}.${exportName}`);
      }
    }
  }
  return schemas;
}

/** A contract schema, or a list of one (`z.array(contractSchema)` adds no shape of its own). */
function isContractShape(schema: unknown, contract: Map<unknown, string>): boolean {
  if (contract.has(schema)) {
    return true;
  }
  return schema instanceof z.ZodArray && contract.has(schema.element);
}

function serverOwned(entries: readonly RouteResponseEntry[], contract: Map<unknown, string>) {
  return entries
    .filter((entry) => !isContractShape(entry.schema, contract))
    .map((entry) => `${entry.method} ${entry.url} ${entry.status}`);
}

const PROBE_URL = '/api/v1/contract-probe';

describe('response shapes come from packages/contract', () => {
  let t: TestApp;
  let contract: Map<unknown, string>;
  beforeAll(async () => {
    contract = await contractSchemas();
    t = await startTestApp(
      'sqlite',
      {},
      {
        // A route as someone might add it: one answer from the contract, one shape of its own.
        beforeListen: (app) => {
          app.get(
            PROBE_URL,
            {
              config: { auth: 'public' },
              schema: {
                response: {
                  200: z.array(healthResponseSchema),
                  202: z.object({ queued: z.boolean() }),
                },
              },
            },
            async () => [],
          );
        },
      },
    );
  });
  afterAll(() => t.close());

  it('reads the response schemas of every module route', () => {
    const routes = new Set(t.routeResponses.map((entry) => `${entry.method} ${entry.url}`));
    expect(routes.size).toBeGreaterThan(50);
    expect(contract.size).toBeGreaterThan(50);
  });

  it('finds no shape owned by the server but the probe route of this test', () => {
    expect(serverOwned(t.routeResponses, contract)).toEqual([`GET ${PROBE_URL} 202`]);
  });
});
