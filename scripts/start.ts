/**
 * `npm start`: serves the web build made at install (`npm run build`) when it is current, else
 * builds the web app into DATA_DIR/web-dist (never into the checkout), makes the server's bundle
 * when it is missing or older than its sources, then runs the server (which
 * applies migrations and serves web + API on one port). With current builds in place this starts
 * in about a second.
 * package.json runs this file with the server's V8 flags (apps/server/src/node-flags.ts).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { chooseWebDist, readBuildStamp, webSourceHash } from '../apps/web/build-stamp.ts';

const root = path.resolve(import.meta.dirname, '..');

// WEB_DIST set by the admin is served as it is. Otherwise the checkout's build when current, else
// a build in DATA_DIR/web-dist (made here when stale): never written into the checkout at start.
if (!process.env.WEB_DIST) {
  const sourceHash = webSourceHash(root);
  const stateDist = path.resolve(process.env.DATA_DIR ?? './data', 'web-dist');
  const checkoutDist = path.join(root, 'apps/web/dist');
  const choice = chooseWebDist({ checkoutDist, stateDist, sourceHash });
  if (choice.build) {
    const stale = readBuildStamp(checkoutDist) ?? readBuildStamp(stateDist);
    console.log(
      stale
        ? `Web build ${stale.sourceHash} (${stale.builtAt}) is older than the source ${sourceHash}: building apps/web into ${stateDist}...`
        : `No web build found: building apps/web into ${stateDist} (one time)...`,
    );
    // `--configLoader runner` loads vite.config.ts without writing a temporary bundle of it into
    // node_modules (the EACCES on .vite-temp an unprivileged service user met).
    const build = spawnSync(
      'npm',
      [
        'run',
        'build',
        '-w',
        '@formbridge/web',
        '--',
        '--outDir',
        stateDist,
        '--emptyOutDir',
        '--configLoader',
        'runner',
      ],
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) {
      console.error('The web build failed (output above); the server was not started.');
      process.exit(build.status ?? 1);
    }
  }
  process.env.WEB_DIST = choice.dist;
}

// The server process runs its bundle (apps/server/src/server-bundle.ts): made here when missing
// or older than the sources (~1 s), so every start runs it. Should it fail, the server runs from
// the sources, which behave the same with ~30 MB more memory.
const { SERVER_BUNDLE, currentServerBundle } = await import('../apps/server/src/server-bundle.ts');
if (!currentServerBundle()) {
  const bundle = spawnSync(process.execPath, [SERVER_BUNDLE.builder], { stdio: 'inherit' });
  if (bundle.status !== 0) {
    console.error('The server bundle could not be made (output above): running from the sources.');
  }
}

// The fill workers' bundle likewise, before the server starts: made by the server, it would be
// a child of ~290 MB (the bundler) running beside the first bulk job, whose workers start from
// the sources meanwhile.
const { FILL_WORKER_BUNDLE, isBundleCurrent } =
  await import('../apps/server/src/lib/pdf-fill/fill-worker-bundle.ts');
if (!isBundleCurrent()) {
  const bundle = spawnSync(process.execPath, [FILL_WORKER_BUNDLE.builder], { stdio: 'inherit' });
  if (bundle.status !== 0) {
    console.error(
      'The fill worker bundle could not be made (output above): workers run the sources.',
    );
  }
}

// The server runs as a supervised child process: restarted with back-off if it ever dies.
const { superviseServer } = await import('../apps/server/src/supervisor.ts');
process.exitCode = await superviseServer();
