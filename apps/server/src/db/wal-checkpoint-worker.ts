import fs from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointReport, CheckpointerSettings } from './wal-checkpointer.ts';

// The SQLite WAL checkpointer's thread (wal-checkpointer.ts): its own connection copies the WAL
// into the database file, so the main thread's COMMITs never do it. PASSIVE waits for no one
// (readers and the writer go on); past the size cap a RESTART waits for the writer once, so the
// WAL cannot grow without bound behind a reader that never lets a PASSIVE finish.

const settings = workerData as CheckpointerSettings;
const database = new DatabaseSync(settings.file);
database.exec(`PRAGMA busy_timeout = ${settings.restartWaitMs}`);
database.exec(`PRAGMA journal_size_limit = ${settings.capBytes}`);
const passive = database.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const restart = database.prepare('PRAGMA wal_checkpoint(RESTART)');

function walBytes(): number {
  try {
    return fs.statSync(`${settings.file}-wal`).size;
  } catch {
    return 0;
  }
}

type Row = { busy: number; log: number; checkpointed: number };

function checkpoint(): CheckpointReport {
  const started = performance.now();
  let row = passive.get() as Row;
  let mode: CheckpointReport['mode'] = 'passive';
  const bytes = walBytes();
  if (bytes > settings.capBytes) {
    row = restart.get() as Row;
    mode = 'restart';
  }
  return {
    mode,
    ms: performance.now() - started,
    walBytes: bytes,
    frames: row.log,
    copied: row.checkpointed,
  };
}

parentPort?.on('message', (message: unknown) => {
  if (message === 'stop') {
    database.close();
    parentPort?.close();
    return;
  }
  try {
    parentPort?.postMessage(checkpoint());
  } catch (error) {
    // A busy RESTART or a locked file: the next round tries again.
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
