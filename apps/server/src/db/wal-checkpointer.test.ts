// The WAL is checkpointed off the main thread (COMMITs never do it): it must still stay bounded
// under steady writes, be cut back past its cap, and be gone after a clean shutdown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { PDFDocument } from '@cantoo/pdf-lib';
import { createFillPool } from '../lib/pdf-fill/fill-pool.ts';
import { FILL_WORKER_BUNDLE } from '../lib/pdf-fill/fill-worker-bundle.ts';
import { openNodeSqlite } from './node-sqlite-adapter.ts';
import { startWalCheckpointer } from './wal-checkpointer.ts';
import { openDatabase } from './database.ts';
import { sql } from 'kysely';
import type { Config } from '../config.ts';

const FILL_WORKER_SOURCE = FILL_WORKER_BUNDLE.source;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const KB = 1024;
const dirs: string[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) {
    await cleanup();
  }
  for (const dir of dirs.splice(0)) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-'));
  dirs.push(dir);
  return dir;
}

const walSize = (file: string) =>
  fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0;

/** One transaction writing about `kb` KB. */
function writeKb(database: ReturnType<typeof openNodeSqlite>, kb: number): void {
  database.prepare('BEGIN').run([]);
  const insert = database.prepare('INSERT INTO blobs (data) VALUES (?)');
  for (let index = 0; index < kb; index += 1) {
    insert.run(['x'.repeat(KB)]);
  }
  database.prepare('COMMIT').run([]);
}

async function waitFor(done: () => boolean): Promise<void> {
  for (let tries = 0; tries < 100 && !done(); tries += 1) {
    await sleep(50);
  }
}

function openBlobs(capBytes: number, idleMs = 10_000) {
  const file = path.join(tempDir(), 'test.sqlite');
  const database = openNodeSqlite(file, { walCapBytes: capBytes });
  database.prepare('CREATE TABLE blobs (id INTEGER PRIMARY KEY, data TEXT)').run([]);
  const checkpointer = startWalCheckpointer(file, { intervalMs: 50, capBytes, idleMs });
  cleanups.push(
    () => database.close(),
    () => checkpointer.stop(),
  );
  return { file, database, checkpointer };
}

describe('the WAL checkpointer', () => {
  it('keeps the WAL bounded under steady writes though COMMITs never checkpoint', async () => {
    const { file, database, checkpointer } = openBlobs(64 * 1024 * KB);
    let largest = 0;
    for (let round = 0; round < 12; round += 1) {
      const before = checkpointer.last();
      writeKb(database, 1024);
      largest = Math.max(largest, walSize(file));
      await waitFor(() => {
        const last = checkpointer.last();
        return last !== before && last !== null && last.copied === last.frames;
      });
    }
    // 12 MB written (about 16 MB of pages); without the checkpointer the WAL holds all of it.
    expect(largest).toBeLessThan(6 * 1024 * KB);
  });

  it('cuts a WAL past its cap back to the cap', async () => {
    const cap = 256 * KB;
    const { file, database, checkpointer } = openBlobs(cap);
    writeKb(database, 2048);
    expect(walSize(file)).toBeGreaterThan(cap);
    await waitFor(() => checkpointer.last()?.mode === 'restart');
    expect(checkpointer.last()?.mode).toBe('restart');
    writeKb(database, 1); // the next write starts the WAL over, cut to the cap
    expect(walSize(file)).toBeLessThanOrEqual(cap);
  });

  it('runs its thread only while the WAL is written', async () => {
    const { database, checkpointer } = openBlobs(64 * 1024 * KB, 300);
    writeKb(database, 64);
    await waitFor(() => checkpointer.last() !== null);
    expect(checkpointer.last()?.frames).toBeGreaterThan(0);
    await waitFor(() => !checkpointer.isRunning());
    expect(checkpointer.isRunning()).toBe(false);
    const before = checkpointer.last();
    writeKb(database, 64);
    await waitFor(() => checkpointer.last() !== before);
    expect(checkpointer.last()).not.toBe(before);
  });

  it('hands its rounds to the fill workers while they run, with no thread of its own', async () => {
    const { database, checkpointer } = openBlobs(64 * 1024 * KB);
    const pool = createFillPool({ size: 1, workerUrl: FILL_WORKER_SOURCE });
    cleanups.push(() => pool.close());
    checkpointer.setHost((settings) => pool.checkpoint(settings));
    const template = await PDFDocument.create();
    template.addPage();
    // A fill starts the worker; it stays for its idle time.
    await pool.fill({
      templateKey: 'blank',
      templateBytes: await template.save(),
      values: {},
      flatten: false,
    });
    const before = checkpointer.last();
    writeKb(database, 256);
    await waitFor(() => checkpointer.last() !== before);
    expect(checkpointer.last()?.copied).toBeGreaterThan(0);
    expect(checkpointer.isRunning()).toBe(false);
  });

  it('leaves one database file and no WAL after a clean close', async () => {
    const dataDir = tempDir();
    const handle = await openDatabase({ dataDir } as Config);
    await sql`create table notes (body text)`.execute(handle.db);
    for (let index = 0; index < 200; index += 1) {
      await sql`insert into notes values (${'n'.repeat(2000)})`.execute(handle.db);
    }
    await handle.close();
    const file = path.join(dataDir, 'formbridge.sqlite');
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reader = new DatabaseSync(file, { readOnly: true });
    expect(reader.prepare('select count(*) as n from notes').get()).toEqual({ n: 200 });
    reader.close();
  });
});
