import { Worker } from 'node:worker_threads';

// SQLite runs its WAL checkpoint inside the COMMIT that crosses 1,000 pages: on the one
// connection the server has, that COMMIT held the main thread 378 ms under a 50,000-row import
// (docs/benchmarks.md). The main connection turns it off (`wal_autocheckpoint = 0`) and this
// thread checkpoints instead, every `intervalMs`. Closing every connection still checkpoints and
// removes the WAL (SQLite does that on the last close), so backups of a stopped server and
// restores see one file.

export type CheckpointerSettings = {
  file: string;
  intervalMs: number;
  /** WAL size past which a RESTART checkpoint (which waits for the writer) runs. */
  capBytes: number;
  /** How long that RESTART waits for the writer and readers before trying next round. */
  restartWaitMs: number;
};

/** One round's outcome, as the worker reports it. */
export type CheckpointReport = {
  mode: 'passive' | 'restart';
  ms: number;
  walBytes: number;
  frames: number;
  copied: number;
};

export type WalCheckpointer = {
  /** The last round's report (null before the first). */
  last: () => CheckpointReport | null;
  /** Stops the thread and closes its connection. */
  stop: () => Promise<void>;
};

const WORKER_URL = new URL('./wal-checkpoint-worker.ts', import.meta.url);
export const WAL_CAP_BYTES = 64 * 1024 * 1024;

/** Starts checkpointing `file` off the main thread; a thread that fails is started again. */
export function startWalCheckpointer(
  file: string,
  options: Partial<Omit<CheckpointerSettings, 'file'>> = {},
): WalCheckpointer {
  const settings: CheckpointerSettings = {
    file,
    intervalMs: options.intervalMs ?? 1000,
    capBytes: options.capBytes ?? WAL_CAP_BYTES,
    restartWaitMs: options.restartWaitMs ?? 2000,
  };
  let last: CheckpointReport | null = null;
  let stopping = false;
  let worker: Worker;
  let exited: Promise<void>;
  const start = () => {
    worker = new Worker(WORKER_URL, { workerData: settings });
    worker.unref();
    worker.on('message', (message: CheckpointReport | { error: string }) => {
      if ('mode' in message) {
        last = message;
      }
    });
    // An error ends the thread: a new one takes over after a pause, unless the database closes.
    worker.on('error', () => undefined);
    exited = new Promise((resolve) => {
      worker.once('exit', () => {
        if (!stopping) {
          setTimeout(() => (stopping ? undefined : start()), settings.intervalMs).unref();
        }
        resolve();
      });
    });
  };
  start();
  return {
    last: () => last,
    stop: async () => {
      stopping = true;
      worker.postMessage('stop');
      await exited;
    },
  };
}
