import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Code that runs as plain JavaScript bundled from the TypeScript sources, when a bundle made from
// the current sources is present: the fill workers (lib/pdf-fill/fill-worker-bundle.ts) and
// the server process itself (server-bundle.ts). A thread that loads any `.ts` file pays Node's
// type stripper (~17 MB on the server's main thread) and keeps each source as its own module
// (docs/benchmarks.md). A bundle is made by a builder script in a child process the first time
// its code starts without one (or after any of its inputs changed); until it is ready the
// sources run, and behave the same.

/** What a bundle was made from: each input file with its SHA-1, and its entry file. */
export type BundleManifest = {
  inputs: Record<string, string>;
  /** The entry file, relative to the bundle's folder; `<source name>.mjs` when absent. */
  entry?: string;
};

export type SourceBundle = {
  /** The TypeScript entry the bundle is made from (and run instead of, until it is current). */
  source: URL;
  /** Folder of the bundle and its `manifest.json`. */
  dir: string;
  /** Script that makes the bundle, run as `node <builder>`. */
  builder: string;
};

/** SHA-1 of a file, or null when it cannot be read. */
export function hashFile(file: string): string | null {
  try {
    return crypto.createHash('sha1').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

export function manifestFile(bundle: SourceBundle): string {
  return path.join(bundle.dir, 'manifest.json');
}

/** The bundle's entry file when it was made from exactly the inputs on disk now, else null. */
export function currentBundleEntry(bundle: SourceBundle): string | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(manifestFile(bundle), 'utf8')) as BundleManifest;
    const inputs = Object.entries(manifest.inputs);
    const entry = path.join(
      bundle.dir,
      manifest.entry ?? `${path.basename(fileURLToPath(bundle.source), '.ts')}.mjs`,
    );
    const isCurrent =
      inputs.length > 0 &&
      fs.existsSync(entry) &&
      inputs.every(([file, hash]) => hashFile(file) === hash);
    return isCurrent ? entry : null;
  } catch {
    return null;
  }
}

// One build attempt per bundle and process: a failed build (no bundler installed, a read-only
// folder) leaves the sources running, which is correct, only larger.
const triedBuilds = new Set<string>();

/**
 * The script to run for `bundle`: the current bundle, else the TypeScript source (and the bundle
 * is made in the background for the next start).
 */
export function bundleOrSource(bundle: SourceBundle): URL {
  const entry = currentBundleEntry(bundle);
  if (entry) {
    return pathToFileURL(entry);
  }
  if (!triedBuilds.has(bundle.builder)) {
    triedBuilds.add(bundle.builder);
    const child = spawn(process.execPath, [bundle.builder], { stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  }
  return bundle.source;
}

/**
 * The manifest of a bundle made from `moduleIds` (the bundler's list): the repository's own files
 * by content, packages through the lock file that pins them, and how bundles are made (this file
 * and the `builder`). Throws when an input cannot be read.
 */
export function bundleInputs(
  moduleIds: readonly string[],
  lockFile: string,
  builder: string,
): BundleManifest['inputs'] {
  const inputs: BundleManifest['inputs'] = {};
  for (const file of [
    ...moduleIds.filter((id) => path.isAbsolute(id) && !id.includes('/node_modules/')),
    lockFile,
    builder,
    fileURLToPath(import.meta.url),
  ]) {
    const hash = hashFile(file);
    if (hash === null) {
      throw new Error(`Cannot read ${file}, an input of the bundle`);
    }
    inputs[file] = hash;
  }
  return inputs;
}

/**
 * The bundle's code with every UTF-16 unit past ASCII written as a `\uXXXX` escape (in string and
 * template literals, regular expressions, identifiers and comments alike, where it means the
 * same). V8 keeps a script's source for as long as its functions live: with a single `θ` or `—`
 * in it, the whole source is held as two bytes a character, ~2.7 MB more for the fill worker's
 * 2.7 MB bundle in every worker thread.
 */
export function toAsciiSource(code: string): string {
  // Without the `u` flag the pattern matches code units: an astral character becomes its
  // surrogate pair, which strings and regular expressions read back as the same character.
  return code.replace(
    /[^\0-\x7f]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Writes the manifest under a temporary name and renames it: readers see the old or the new. */
export function writeManifest(bundle: SourceBundle, manifest: BundleManifest): void {
  const temporary = `${manifestFile(bundle)}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(manifest, null, 1));
  fs.renameSync(temporary, manifestFile(bundle));
}
