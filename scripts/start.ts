/**
 * `npm start`: builds the web app when no build is present or when the build is older than its
 * sources (after an upgrade), and the server's bundle likewise, then runs the server (which
 * applies migrations and serves web + API on one port). With current builds in place this starts
 * in about a second.
 * package.json runs this file with the server's V8 flags (apps/server/src/node-flags.ts).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { readBuildStamp, webSourceHash } from '../apps/web/build-stamp.ts';

const root = path.resolve(import.meta.dirname, '..');
const stamp = readBuildStamp(path.join(root, 'apps/web/dist'));
const sourceHash = webSourceHash(root);

if (stamp?.sourceHash !== sourceHash) {
  console.log(
    stamp
      ? `Web build ${stamp.sourceHash} (${stamp.builtAt}) is older than the source ${sourceHash}: rebuilding apps/web...`
      : 'No web build found: building apps/web (one time)...',
  );
  const build = spawnSync('npm', ['run', 'build', '-w', '@formbridge/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The web build failed (output above); the server was not started.');
    process.exit(build.status ?? 1);
  }
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

// The server runs as a supervised child process: restarted with back-off if it ever dies.
const { superviseServer } = await import('../apps/server/src/supervisor.ts');
process.exitCode = await superviseServer();
