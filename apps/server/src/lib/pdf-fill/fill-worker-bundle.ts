import { fileURLToPath } from 'node:url';
import { bundleOrSource, currentBundleEntry, type SourceBundle } from '../source-bundle.ts';

// Fill workers run fill-worker.ts as one JavaScript file bundled from the sources, when a bundle
// made from the current sources is present (lib/source-bundle.ts). Started from the TypeScript
// sources, every worker thread loads Node's type stripper and keeps ~200 separate modules:
// measured ~15 MB more per worker and twice the start-up time (docs/benchmarks.md).

// Under apps/server/dist: ignored by git and the linters, and below the repository's
// node_modules, from which the engine resolves its font files at run time.
const BUNDLE_DIR = fileURLToPath(new URL('../../../dist/fill-worker/', import.meta.url));

export const FILL_WORKER_BUNDLE = {
  source: new URL('./fill-worker.ts', import.meta.url),
  dir: BUNDLE_DIR,
  file: `${BUNDLE_DIR}fill-worker.mjs`,
  builder: fileURLToPath(new URL('./fill-worker-build.ts', import.meta.url)),
} satisfies SourceBundle & { file: string };

/** True when the bundle on disk was made from exactly the sources there now. */
export function isBundleCurrent(): boolean {
  return currentBundleEntry(FILL_WORKER_BUNDLE) !== null;
}

/**
 * The script a new fill worker runs: the current bundle, else the TypeScript source (and a
 * bundle is started in the background for the workers after this one).
 */
export function fillWorkerUrl(): URL {
  return bundleOrSource(FILL_WORKER_BUNDLE);
}
