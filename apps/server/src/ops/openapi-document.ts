import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

/**
 * The API's OpenAPI document, as /api/openapi.json serves it, from an app built on a throwaway
 * SQLite database (nothing listens): what packages/client generates its types from.
 */
export async function buildOpenApiDocument(): Promise<unknown> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const { app } = await buildApp({ ...config, databaseUrl: undefined, webDist: undefined });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node apps/server/src/ops/openapi-document.ts`: the document on stdout.
if (import.meta.main) {
  process.stdout.write(`${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`);
}
