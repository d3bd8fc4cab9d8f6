/**
 * `npm run dev`: the API with reload on change (node --watch) on PORT (default 8000) and Vite with
 * hot reload on 5173, which forwards /api to the server. Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_FLAGS, serverEnvironment } from '../apps/server/src/node-flags.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '8000';

const children: ChildProcess[] = [
  spawn(process.execPath, [...SERVER_NODE_FLAGS, '--watch', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: serverEnvironment({
      ...process.env,
      PORT: port,
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
    }),
  }),
  spawn('npx', ['vite'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, FORMBRIDGE_API: `http://127.0.0.1:${port}` },
  }),
];

const stopAll = () => {
  for (const child of children) {
    child.kill('SIGTERM');
  }
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) {
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
}
