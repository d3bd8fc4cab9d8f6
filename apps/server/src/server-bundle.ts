import { fileURLToPath } from 'node:url';
import { bundleOrSource, currentBundleEntry, type SourceBundle } from './lib/source-bundle.ts';

// The server process runs server.ts bundled into plain JavaScript (the repository's own code and
// @formbridge/contract; packages stay separate and load from node_modules as before) when a
// bundle made from the current sources is present (lib/source-bundle.ts). Measured after start:
// 150 MB → 119 MB RSS, mostly Node's type stripper, which a process that loads no `.ts` file
// never starts (docs/benchmarks.md). Code loaded only when configured (the S3 SDK, pg-boss)
// stays in chunks of its own, loaded on first use as from the sources.

export const SERVER_BUNDLE = {
  source: new URL('./server.ts', import.meta.url),
  // Under apps/server/dist: ignored by git and the linters, below the repository's node_modules.
  dir: fileURLToPath(new URL('../dist/server/', import.meta.url)),
  builder: fileURLToPath(new URL('./server-bundle-build.ts', import.meta.url)),
} satisfies SourceBundle;

/** The server bundle's entry file when it is current, else null. */
export function currentServerBundle(): string | null {
  return currentBundleEntry(SERVER_BUNDLE);
}

/** The script the server process runs: the current bundle, else server.ts (bundle made meanwhile). */
export function serverEntry(): string {
  return fileURLToPath(bundleOrSource(SERVER_BUNDLE));
}
