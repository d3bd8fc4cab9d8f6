/**
 * `npm start`: builds the web app when no build is present or when the build is older than its
 * sources (after an upgrade), then runs the server (which applies migrations and serves web + API
 * on one port). With a current build in place this starts in about a second.
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

// The server runs as a supervised child process: restarted with back-off if it ever dies.
const { superviseServer } = await import('../apps/server/src/supervisor.ts');
process.exitCode = await superviseServer();
