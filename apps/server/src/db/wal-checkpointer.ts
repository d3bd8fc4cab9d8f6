import fs from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { checkpointThread, openWalCheckpointRounds } from './wal-checkpoint-thread.ts';

// SQLite runs its WAL checkpoint inside the COMMIT that crosses 1,000 pages: on the one
// connection the server has, that COMMIT held the main thread 378 ms under a 50,000-row import
// (docs/benchmarks.md). The main connection turns it off (`wal_autocheckpoint = 0`) and a thread
// of its own checkpoints instead, each `intervalMs` in which the WAL was written. The thread
// costs ~19 MB of RSS, so it runs only while there are writes and ends after `idleMs` without.
// Closing every connection still checkpoints and removes the WAL (SQLite does that on the last
// close), so backups of a stopped server and restores see one file.

export type CheckpointerSettings = {
  file: string;
  intervalMs: number;
  /** How long without writes before the thread ends (it starts again with the next write). */
  idleMs: number;
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

/**
 * Runs a round on a thread that exists anyway (a fill worker while generation runs), so the
 * checkpointer's own thread is not started beside it; null when there is none now.
 */
export type CheckpointHost = (settings: CheckpointerSettings) => Promise<CheckpointReport> | null;

export type WalCheckpointer = {
  /** The last round's report (null before the first). */
  last: () => CheckpointReport | null;
  /** Where rounds run when the host has a thread for them (null: always on our own). */
  setHost: (host: CheckpointHost | null) => void;
  /** Whether the thread is running now. */
  isRunning: () => boolean;
  /** Stops the timer and the thread (its connection closed). */
  stop: () => Promise<void>;
};

const THREAD_SOURCE = `(${checkpointThread.toString()})(${openWalCheckpointRounds.toString()})`;
export const WAL_CAP_BYTES = 64 * 1024 * 1024;

type Thread = { worker: Worker; exited: Promise<void>; busy: boolean };

/** Starts checkpointing `file` off the main thread whenever its WAL is written. */
export function startWalCheckpointer(
  file: string,
  options: Partial<Omit<CheckpointerSettings, 'file'>> = {},
): WalCheckpointer {
  const settings: CheckpointerSettings = {
    file,
    intervalMs: options.intervalMs ?? 1000,
    idleMs: options.idleMs ?? 10_000,
    capBytes: options.capBytes ?? WAL_CAP_BYTES,
    restartWaitMs: options.restartWaitMs ?? 2000,
  };
  let last: CheckpointReport | null = null;
  let thread: Thread | null = null;
  let lastWrite = '';
  let lastWriteAt = 0;
  let host: CheckpointHost | null = null;

  const startThread = (): Thread => {
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: settings });
    const started: Thread = { worker, exited: Promise.resolve(), busy: false };
    worker.on('message', (message: CheckpointReport | { error: string }) => {
      started.busy = false;
      if ('mode' in message) {
        last = message;
      }
    });
    // A thread that fails ends; the next round with writes starts another.
    worker.on('error', () => undefined);
    started.exited = new Promise((resolve) => {
      worker.once('exit', () => {
        if (thread === started) {
          thread = null;
        }
        resolve();
      });
    });
    return started;
  };

  const stopThread = async () => {
    const current = thread;
    thread = null;
    if (current) {
      current.worker.postMessage('stop');
      await current.exited;
    }
  };

  // The WAL's size and time stamp change with every commit: a cheap test, off the main thread.
  const round = async () => {
    const stat = await fs.stat(`${file}-wal`).catch(() => null);
    const written = stat ? `${stat.size}:${stat.mtimeMs}` : '';
    if (written !== lastWrite) {
      lastWrite = written;
      lastWriteAt = Date.now();
      const hosted = host?.(settings) ?? null;
      if (hosted) {
        await stopThread();
        last = await hosted.catch(() => last);
        return;
      }
      thread ??= startThread();
      if (!thread.busy) {
        thread.busy = true;
        thread.worker.postMessage('checkpoint');
      }
    } else if (thread && !thread.busy && Date.now() - lastWriteAt > settings.idleMs) {
      await stopThread();
    }
  };
  let rounds = Promise.resolve();
  let inRound = false;
  const timer = setInterval(() => {
    // A round waiting for a busy fill worker is not joined by more behind it.
    if (!inRound) {
      inRound = true;
      rounds = round()
        .catch(() => undefined)
        .finally(() => {
          inRound = false;
        });
    }
  }, settings.intervalMs);
  timer.unref();

  return {
    last: () => last,
    setHost: (next) => {
      host = next;
    },
    isRunning: () => thread !== null,
    stop: async () => {
      clearInterval(timer);
      await rounds;
      await stopThread();
    },
  };
}
