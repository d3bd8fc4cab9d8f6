/**
 * The web build's stamp: `vite build` writes dist/build.json with a hash of every input of the
 * build, and `npm start` compares it with the current sources, so an upgrade (`git pull`, restart)
 * never keeps serving the previous build. Plain Node (no Vite import) so scripts/start.ts can use it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export type BuildStamp = { version: string; sourceHash: string; builtAt: string };

export const STAMP_FILE = 'build.json';

const webRoot = import.meta.dirname;
const repoRoot = path.resolve(webRoot, '../..');
/** Everything the bundle is made from: sources, static files, config and the locked dependencies. */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/pdf-assets.ts',
  'apps/web/build-stamp.ts',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
];

/** Hash of the web build's inputs (paths and contents, in a fixed order); tests are not inputs. */
export function webSourceHash(root: string = repoRoot): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of listFiles(path.join(root, input))) {
      hash.update(path.relative(root, file).split(path.sep).join('/'));
      hash.update('\0');
      hash.update(fs.readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The stamp of the build in `distDir`, or undefined when there is no (stamped) build. */
export function readBuildStamp(distDir: string): BuildStamp | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, STAMP_FILE), 'utf8')) as BuildStamp;
  } catch {
    return undefined;
  }
}

/** Where `npm start` serves the web app from, and whether it must build it there first. */
export type WebBuildChoice = { dist: string; build: boolean };

/**
 * The checkout's build when it is current (made at install: `npm run build`); else a build in the
 * writable state directory (DATA_DIR/web-dist), made there when missing or stale. A start never
 * writes into the checkout, which the service user may not be allowed to change.
 */
export function chooseWebDist(options: {
  checkoutDist: string;
  stateDist: string;
  sourceHash: string;
}): WebBuildChoice {
  const { checkoutDist, stateDist, sourceHash } = options;
  if (readBuildStamp(checkoutDist)?.sourceHash === sourceHash) {
    return { dist: checkoutDist, build: false };
  }
  return { dist: stateDist, build: readBuildStamp(stateDist)?.sourceHash !== sourceHash };
}

/** Vite plugin writing dist/build.json once the bundle is on disk. */
export function buildStamp(): Plugin {
  let outDir = path.join(webRoot, 'dist');
  return {
    name: 'formbridge-build-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const pkg = JSON.parse(fs.readFileSync(path.join(webRoot, 'package.json'), 'utf8')) as {
        version: string;
      };
      const stamp: BuildStamp = {
        version: pkg.version,
        sourceHash: webSourceHash(),
        builtAt: new Date().toISOString(),
      };
      fs.writeFileSync(path.join(outDir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
    },
  };
}

function listFiles(target: string): string[] {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) {
    return [target];
  }
  return fs
    .readdirSync(target)
    .filter((name) => !isTestFile(name))
    .sort()
    .flatMap((name) => listFiles(path.join(target, name)));
}

function isTestFile(name: string): boolean {
  return /\.test\.tsx?$/.test(name) || name === 'node_modules';
}
