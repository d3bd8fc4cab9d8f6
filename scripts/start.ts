/**
 * `npm start`: builds the web app when no build is present, then runs the server (which applies
 * migrations and serves web + API on one port). With a build in place this starts in about a second.
 * package.json runs this file with the server's V8 flags (apps/server/src/node-flags.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');

if (!fs.existsSync(webIndex)) {
  console.log('No web build found: building apps/web (one time)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@formbridge/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    process.exit(build.status ?? 1);
  }
}

// The server runs as a supervised child process: restarted with back-off if it ever dies.
const { superviseServer } = await import('../apps/server/src/supervisor.ts');
process.exitCode = await superviseServer();
