import type { CheckpointReport, CheckpointerSettings } from './wal-checkpointer.ts';

/** One connection's checkpoint rounds on the database file of `settings`. */
export type WalCheckpointRounds = { checkpoint: () => CheckpointReport; close: () => void };

/**
 * Opens a connection of its own that copies the WAL into the database file, so the main thread's
 * COMMITs never do. PASSIVE waits for no one (readers and the writer go on); past the size cap a
 * RESTART waits for the writer once, so the WAL cannot grow without bound behind a reader that
 * never lets a PASSIVE finish. Self-contained (built-in modules only): the checkpointer's thread
 * runs it from its source text (checkpointThread).
 */
export function openWalCheckpointRounds(settings: CheckpointerSettings): WalCheckpointRounds {
  const { statSync } = process.getBuiltinModule('node:fs');
  const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
  const database = new DatabaseSync(settings.file);
  database.exec(`PRAGMA busy_timeout = ${settings.restartWaitMs}`);
  database.exec(`PRAGMA journal_size_limit = ${settings.capBytes}`);
  const passive = database.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  const restart = database.prepare('PRAGMA wal_checkpoint(RESTART)');
  type Row = { busy: number; log: number; checkpointed: number };
  const walBytes = () => statSync(`${settings.file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  return {
    checkpoint: () => {
      const started = performance.now();
      let row = passive.get() as Row;
      let mode: CheckpointReport['mode'] = 'passive';
      const bytes = walBytes();
      if (bytes > settings.capBytes) {
        row = restart.get() as Row;
        mode = 'restart';
      }
      const ms = performance.now() - started;
      return { mode, ms, walBytes: bytes, frames: row.log, copied: row.checkpointed };
    },
    close: () => database.close(),
  };
}

/**
 * The body of the checkpointer's own thread, run from its source text with the source of
 * `open` (openWalCheckpointRounds): a thread started from a .ts file loads Node's TypeScript
 * stripper too (~9 MB more RSS).
 */
export function checkpointThread(open: typeof openWalCheckpointRounds): void {
  const threads = process.getBuiltinModule('node:worker_threads');
  const { parentPort } = threads;
  const rounds = open(threads.workerData as CheckpointerSettings);
  parentPort?.on('message', (message: unknown) => {
    if (message === 'stop') {
      rounds.close();
      parentPort.close();
      return;
    }
    try {
      parentPort.postMessage(rounds.checkpoint());
    } catch (error) {
      // A busy RESTART or a locked file: the next round tries again.
      parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
    }
  });
}
