import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Fill workers run fill-worker.ts as one JavaScript file bundled from the sources, when a bundle
// made from the current sources is present. Started from the TypeScript sources, every worker
// thread loads Node's type stripper and keeps ~200 separate modules: measured ~15 MB more per
// worker and twice the start-up time (docs/benchmarks.md). The bundle is made in a child process
// the first time a worker starts without one (or after any of its sources changed); until it is
// ready, workers start from the sources, which behave the same.

const SOURCE_URL = new URL('./fill-worker.ts', import.meta.url);
// Under apps/server/dist: ignored by git and the linters, and below the repository's
// node_modules, from which the engine resolves its font files at run time.
const BUNDLE_DIR = fileURLToPath(new URL('../../../dist/fill-worker/', import.meta.url));
const BUNDLE_FILE = path.join(BUNDLE_DIR, 'fill-worker.mjs');
const MANIFEST_FILE = path.join(BUNDLE_DIR, 'manifest.json');
const BUILDER = fileURLToPath(new URL('./fill-worker-build.ts', import.meta.url));

/** What a bundle was made from: each input file (the repository's own) with its SHA-1. */
export type BundleManifest = { inputs: Record<string, string> };

export const FILL_WORKER_BUNDLE = { source: SOURCE_URL, dir: BUNDLE_DIR, file: BUNDLE_FILE };

/** SHA-1 of a file, or null when it cannot be read. */
export function hashFile(file: string): string | null {
  try {
    return crypto.createHash('sha1').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

/** True when the bundle on disk was made from exactly the sources there now. */
export function isBundleCurrent(): boolean {
  try {
    const manifest = JSON.parse(fs.readFileSync(MANIFEST_FILE, 'utf8')) as BundleManifest;
    const inputs = Object.entries(manifest.inputs);
    return (
      inputs.length > 0 &&
      fs.existsSync(BUNDLE_FILE) &&
      inputs.every(([file, hash]) => hashFile(file) === hash)
    );
  } catch {
    return false;
  }
}

// One attempt per process: a failed build (no bundler installed, a read-only folder) leaves the
// workers on the sources, which is correct, only larger.
let hasTriedBuild = false;

/**
 * The script a new fill worker runs: the current bundle, else the TypeScript source (and a
 * bundle is started in the background for the workers after this one).
 */
export function fillWorkerUrl(): URL {
  if (isBundleCurrent()) {
    return pathToFileURL(BUNDLE_FILE);
  }
  if (!hasTriedBuild) {
    hasTriedBuild = true;
    const child = spawn(process.execPath, [BUILDER], { stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  }
  return SOURCE_URL;
}
