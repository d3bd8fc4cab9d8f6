import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

const SQLITE_FILE = 'formbridge.sqlite';
const PG_DUMP_FILE = 'postgres.dump';
// Never archived: the live database (copied through the backup API instead) and scratch space.
const SKIPPED = new Set([SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, '.tmp', 'tmp']);

export type BackupSource = { dataDir: string; databaseUrl: string | undefined };

/**
 * Writes a consistent `.tar.gz` of the database and DATA_DIR's files: SQLite through VACUUM INTO
 * (a file copy of a WAL database can miss committed pages), PostgreSQL with pg_dump.
 * The server may keep running.
 */
export async function createBackup(source: BackupSource, archive: string): Promise<void> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-backup-'));
  try {
    fs.chmodSync(staging, 0o700);
    if (source.databaseUrl) {
      run('pg_dump', [
        '--format=custom',
        `--file=${path.join(staging, PG_DUMP_FILE)}`,
        source.databaseUrl,
      ]);
    } else {
      // VACUUM INTO copies one read transaction's snapshot: consistent while the server writes
      // (a WAL reader never waits for writers), unlike a copy of the database and WAL files.
      const database = new DatabaseSync(path.join(source.dataDir, SQLITE_FILE), {
        timeout: 10_000,
      });
      try {
        const target = path.join(staging, SQLITE_FILE).replaceAll("'", "''");
        database.exec(`VACUUM INTO '${target}'`);
      } finally {
        database.close();
      }
    }
    for (const entry of fs.readdirSync(source.dataDir)) {
      if (!SKIPPED.has(entry)) {
        fs.cpSync(path.join(source.dataDir, entry), path.join(staging, entry), { recursive: true });
      }
    }
    run('tar', ['-czf', path.resolve(archive), '-C', staging, '.']);
    fs.chmodSync(archive, 0o600);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Restores an archive from createBackup into an empty (or new) DATA_DIR, and for PostgreSQL into
 * the database at `databaseUrl` (existing objects are replaced). Stop the server first.
 */
export function restoreBackup(archive: string, target: BackupSource): void {
  fs.mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
  const existing = fs.readdirSync(target.dataDir);
  if (existing.length > 0) {
    throw new Error(`DATA_DIR ${target.dataDir} is not empty; restore into a new directory`);
  }
  run('tar', ['-xzf', path.resolve(archive), '-C', target.dataDir]);
  fs.chmodSync(target.dataDir, 0o700);
  const dump = path.join(target.dataDir, PG_DUMP_FILE);
  if (fs.existsSync(dump)) {
    if (!target.databaseUrl) {
      throw new Error('This backup holds a PostgreSQL dump: set DATABASE_URL to restore it');
    }
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      `--dbname=${target.databaseUrl}`,
      dump,
    ]);
    fs.rmSync(dump);
  } else if (target.databaseUrl) {
    throw new Error('This backup holds a SQLite database: unset DATABASE_URL to restore it');
  }
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
  if (result.error || result.status !== 0) {
    const reason = result.error?.message ?? result.stderr.toString().trim();
    throw new Error(`${command} failed: ${reason}`);
  }
}
