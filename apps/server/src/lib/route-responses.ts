import type { FastifyInstance } from 'fastify';
import { isModuleRoute } from './route-auth.ts';

/** One declared answer of a module route: its status code and the schema given for it. */
export type RouteResponseEntry = { method: string; url: string; status: string; schema: unknown };

/**
 * Records the response schema of every module route, per status code, as routes are registered:
 * the contract-coverage test reads it to prove each one is a shape of `packages/contract`.
 */
export function collectRouteResponses(app: FastifyInstance): RouteResponseEntry[] {
  const table: RouteResponseEntry[] = [];
  app.addHook('onRoute', (route) => {
    if (!isModuleRoute(route.url)) {
      return;
    }
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    for (const method of [route.method].flat().filter((one) => one !== 'HEAD')) {
      for (const [status, schema] of Object.entries(response)) {
        table.push({ method, url: route.url, status, schema });
      }
    }
  });
  return table;
}
