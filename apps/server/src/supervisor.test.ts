import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { CONFIG_ERROR_EXIT_CODE, superviseServer } from './supervisor.ts';
import { MALLOC_TUNABLES } from './node-flags.ts';
import { waitFor } from '../test/process-helpers.ts';

/** A stand-in server that dies with the given exit codes, one per start, then exits 0. */
function dyingServer(codes: number[]): { entry: string; starts: () => number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-supervisor-'));
  const counter = path.join(dir, 'starts');
  const entry = path.join(dir, 'server.mjs');
  fs.writeFileSync(
    entry,
    `import fs from 'node:fs';
const codes = ${JSON.stringify(codes)};
const n = fs.existsSync(${JSON.stringify(counter)}) ? Number(fs.readFileSync(${JSON.stringify(counter)}, 'utf8')) : 0;
fs.writeFileSync(${JSON.stringify(counter)}, String(n + 1));
process.exit(codes[n] ?? 0);
`,
  );
  return { entry, starts: () => Number(fs.readFileSync(counter, 'utf8')) };
}

describe('superviseServer', () => {
  it('restarts a server that dies, with a growing back-off and a log line each time', async () => {
    const server = dyingServer([1, 134]);
    const lines: string[] = [];
    const code = await superviseServer({
      entry: server.entry,
      initialDelayMs: 100,
      log: (line) => lines.push(line),
    });
    expect(code).toBe(0);
    expect(server.starts()).toBe(3);
    expect(lines).toEqual([
      'server died (exit code 1); restarting in 0.1 s',
      'server died (exit code 134); restarting in 0.2 s',
    ]);
  });

  it('does not restart after a configuration error', async () => {
    const server = dyingServer([CONFIG_ERROR_EXIT_CODE]);
    const lines: string[] = [];
    const code = await superviseServer({ entry: server.entry, log: (line) => lines.push(line) });
    expect(code).toBe(CONFIG_ERROR_EXIT_CODE);
    expect(server.starts()).toBe(1);
    expect(lines).toEqual(['server stopped: configuration error (exit 78); not restarting']);
  });

  it('starts the server with malloc held to two arenas and fixed thresholds unless the environment sets it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-supervisor-'));
    const seen = path.join(dir, 'env');
    const entry = path.join(dir, 'server.mjs');
    fs.writeFileSync(
      entry,
      `import fs from 'node:fs';
fs.appendFileSync(${JSON.stringify(seen)}, (process.env.MALLOC_ARENA_MAX ?? 'unset') + ' ' + (process.env.GLIBC_TUNABLES ?? 'unset') + '\\n');
`,
    );
    const before = process.env.MALLOC_ARENA_MAX;
    try {
      delete process.env.MALLOC_ARENA_MAX;
      expect(await superviseServer({ entry })).toBe(0);
      process.env.MALLOC_ARENA_MAX = '4';
      expect(await superviseServer({ entry })).toBe(0);
    } finally {
      if (before === undefined) {
        delete process.env.MALLOC_ARENA_MAX;
      } else {
        process.env.MALLOC_ARENA_MAX = before;
      }
    }
    expect(fs.readFileSync(seen, 'utf8')).toBe(`2 ${MALLOC_TUNABLES}\n4 ${MALLOC_TUNABLES}\n`);
  });

  it('leaves no orphan: a supervisor killed with SIGKILL takes the server down with it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-supervisor-'));
    const portFile = path.join(dir, 'port');
    const supervisorModule = JSON.stringify(path.join(import.meta.dirname, 'supervisor.ts'));
    // A stand-in server that stops the way server.ts does when its supervisor goes.
    const server = path.join(dir, 'server.ts');
    fs.writeFileSync(
      server,
      `import fs from 'node:fs';
import http from 'node:http';
import { stopWithSupervisor } from ${supervisorModule};
const listener = http.createServer((_, res) => res.end('up')).listen(0, '127.0.0.1', () => {
  fs.writeFileSync(${JSON.stringify(portFile)}, String(listener.address().port));
});
stopWithSupervisor(() => listener.close(() => process.exit(0)));
`,
    );
    const supervisorScript = path.join(dir, 'supervise.ts');
    fs.writeFileSync(
      supervisorScript,
      `import { superviseServer } from ${supervisorModule};
await superviseServer({ entry: ${JSON.stringify(server)} });
`,
    );
    const supervisor = spawn(process.execPath, [supervisorScript], { stdio: 'ignore' });
    const port = await waitFor(
      'the server to write its port',
      () => (fs.existsSync(portFile) ? Number(fs.readFileSync(portFile, 'utf8')) : undefined),
      10_000,
    );
    expect(await canConnect(port)).toBe(true);
    supervisor.kill('SIGKILL');
    expect(
      await waitFor(
        'the server to stop',
        async () => ((await canConnect(port)) ? undefined : true),
        10_000,
      ),
    ).toBe(true);
  });
});

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
