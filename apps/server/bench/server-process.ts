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
  try {
    const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(
      fs.readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) : 0;
  } catch {
    // The process ended between listing and reading.
    return 0;
  }
}

/**
 * The server's process and every process under it (a bundle builder it started, any child), so
 * memory is never counted for one process while another holds some of it. Threads (fill
 * workers, the checkpointer) share their process's RSS and need no counting of their own.
 */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let index = 0; index < tree.length; index += 1) {
    const parent = tree[index] as number;
    let tasks: string[];
    try {
      tasks = fs.readdirSync(`/proc/${parent}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const children = fs.readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8');
        tree.push(...children.split(' ').filter(Boolean).map(Number));
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return tree;
}

const sumOverTree = (pid: number, key: 'VmRSS' | 'VmHWM') =>
  processTree(pid).reduce((sum, each) => sum + readStatusKb(each, key), 0) / 1024;

const SAMPLE_MS = 50;

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
  /** RSS now, summed over the server's process tree. */
  rssMb: () => number;
  /** Starts the peak over (the RSS high-water marks reset, and watched every 50 ms). */
  resetPeak: () => void;
  /**
   * Peak RSS since the start or the last reset: the kernel's high-water mark (VmHWM) of each
   * process, which sees every page it ever held at once, not only the moments someone looked;
   * summed over the processes of the tree, including those that ended meanwhile (an upper bound
   * when there are several: they may peak apart).
   */
  peakMb: () => number;
  /** The largest RSS of the whole tree seen by a sample (every 50 ms): a cross-check. */
  sampledPeakMb: () => number;
  stop: () => Promise<void>;
};

/**
 * A preload (`--import`) by which every thread of the server (the main thread is T0, each worker
 * its own thread id) appends to `file` every 3 s its V8 heap (pages and used), external memory
 * and array buffers, in MB. Plain JavaScript in a data: URL: a .ts preload would start Node's type
 * stripper in the server and add to what is measured.
 */
function threadHeapsFlag(file: string): string {
  const code = `
    import fs from 'node:fs';
    import v8 from 'node:v8';
    import { threadId } from 'node:worker_threads';
    const mb = (bytes) => (bytes / 1048576).toFixed(1);
    setInterval(() => {
      const heap = v8.getHeapStatistics();
      fs.appendFileSync(${JSON.stringify(file)}, new Date().toISOString() + ' T' + threadId +
        ' heap ' + mb(heap.total_heap_size) + ' used ' + mb(heap.used_heap_size) + ' external ' +
        mb(heap.external_memory) + ' arrayBuffers ' + mb(process.memoryUsage().arrayBuffers) + '\\n');
    }, 3000).unref();`;
  return `--import=data:text/javascript,${encodeURIComponent(code)}`;
}

/** Starts the server process on a free port with a fresh data folder; resolves once it answers. */
export async function startServerProcess(
  useSources: boolean,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const made = productionEntry(useSources);
  // BENCH_SERVER_ENTRY: another build of the server (a copy of an older bundle) for a pair
  // run alternately with this one in the same minutes.
  const entry = process.env.BENCH_SERVER_ENTRY ?? made.entry;
  const kind = process.env.BENCH_SERVER_ENTRY ? 'bundle (BENCH_SERVER_ENTRY)' : made.kind;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-bench-'));
  const port = await freePort();
  // BENCH_SERVER_FLAGS: extra Node/V8 flags for an experiment (`--trace-gc`, `--cpu-prof`, …).
  const extraFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  // BENCH_THREAD_HEAPS=<file>: the V8 heap of each of the server's threads, logged to <file>.
  if (process.env.BENCH_THREAD_HEAPS) {
    extraFlags.push(threadHeapsFlag(process.env.BENCH_THREAD_HEAPS));
  }
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
  // The highest VmHWM read of every process of the tree, so one that ended still counts.
  const peaks = new Map<number, number>();
  let sampledKb = 0;
  const readPeaks = () => {
    let rssKb = 0;
    for (const each of processTree(pid)) {
      peaks.set(each, Math.max(peaks.get(each) ?? 0, readStatusKb(each, 'VmHWM')));
      rssKb += readStatusKb(each, 'VmRSS');
    }
    sampledKb = Math.max(sampledKb, rssKb);
    return [...peaks.values()].reduce((sum, kb) => sum + kb, 0);
  };
  const watch = setInterval(readPeaks, SAMPLE_MS);
  watch.unref();
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
    rssMb: () => sumOverTree(pid, 'VmRSS'),
    resetPeak: () => {
      for (const each of processTree(pid)) {
        try {
          fs.writeFileSync(`/proc/${each}/clear_refs`, '5');
        } catch {
          // It ended meanwhile.
        }
      }
      peaks.clear();
      sampledKb = 0;
    },
    peakMb: () => readPeaks() / 1024,
    sampledPeakMb: () => sampledKb / 1024,
    stop: async () => {
      clearInterval(watch);
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
