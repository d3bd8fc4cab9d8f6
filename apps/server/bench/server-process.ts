// The server of the bulk benchmark, started as `npm start` starts it: its own process, with
// production's V8 flags, running the server's bundle (or `server.ts` with `--sources`). Memory and
// CPU are read from /proc for that process alone, so the benchmark's own client (requests, the
// parsed answers, its modules) never counts in them. Not a benchmark itself.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS, serverEnvironment } from '../src/node-flags.ts';
import { fileURLToPath } from 'node:url';
import {
  FILL_WORKER_BUNDLE,
  isBundleCurrent as isFillWorkerBundleCurrent,
} from '../src/lib/pdf-fill/fill-worker-bundle.ts';
import { SERVER_BUNDLE, currentServerBundle } from '../src/server-bundle.ts';
import { request } from './bench-http.ts';
import { freePort } from '../test/process-helpers.ts';

const TICKS_PER_SECOND = 100;

/**
 * The entry `npm start` runs once its bundles are made: the server bundle, or with `useSources`
 * server.ts. The fill workers' bundle is made first in both cases, as a server that has run
 * once has it (a server without one makes it in the background while its first workers start
 * from the sources).
 */
export function productionEntry(useSources: boolean): { entry: string; kind: string } {
  if (!isFillWorkerBundleCurrent()) {
    execFileSync(process.execPath, [FILL_WORKER_BUNDLE.builder]);
  }
  if (useSources) {
    return { entry: fileURLToPath(SERVER_BUNDLE.source), kind: 'sources' };
  }
  if (!currentServerBundle()) {
    execFileSync(process.execPath, [SERVER_BUNDLE.builder]);
  }
  const current = currentServerBundle();
  if (!current) {
    throw new Error('The server bundle could not be made');
  }
  return { entry: current, kind: 'bundle' };
}

function readStatusKb(pid: number, key: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(
    fs.readFileSync(`/proc/${pid}/status`, 'utf8'),
  );
  return match ? Number(match[1]) : 0;
}

/** User + system CPU seconds of a process (all threads) or of one of its threads. */
export function readCpuSeconds(pid: number, thread?: number): number {
  const file = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
  // Fields after the command name, which sits in parentheses and may hold spaces.
  const fields = fs.readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

export type ServerProcess = {
  base: string;
  pid: number;
  dataDir: string;
  kind: string;
  rssMb: () => number;
  /** Resets the kernel's high-water mark of the server's RSS (Linux). */
  resetPeak: () => void;
  peakMb: () => number;
  stop: () => Promise<void>;
};

/** Starts the server process on a free port with a fresh data folder; resolves once it answers. */
export async function startServerProcess(
  useSources: boolean,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const { entry, kind } = productionEntry(useSources);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-bench-'));
  const port = await freePort();
  // BENCH_SERVER_FLAGS: extra Node/V8 flags for an experiment (`--trace-gc`, `--cpu-prof`, …).
  const extraFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...extraFlags, entry], {
    // As the supervisor starts it (malloc arenas held to two unless the environment says).
    env: serverEnvironment({
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost',
      LOG_LEVEL: 'warn',
      ...env,
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const pid = child.pid ?? 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await request(base, 'GET', '/api/v1/auth/me');
      break;
    } catch (error) {
      if (attempt > 300 || child.exitCode !== null) {
        throw new Error(`The server did not start: ${String(error)}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    base,
    pid,
    dataDir,
    kind,
    rssMb: () => readStatusKb(pid, 'VmRSS') / 1024,
    resetPeak: () => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    peakMb: () => readStatusKb(pid, 'VmHWM') / 1024,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
