import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { restorePostgresDump, run } from './pg-restore.ts';

const SQLITE_FILE = 'formbridge.sqlite';
const PG_DUMP_FILE = 'postgres.dump';
/** Where `npm run backup` writes when given no path: inside DATA_DIR, never the checkout. */
export const BACKUPS_DIR = 'backups';
// Never archived: the live database (copied through the backup API instead), scratch space and
// earlier backups (each archive would otherwise hold all the ones before it).
const SKIPPED = new Set([
  SQLITE_FILE,
  `${SQLITE_FILE}-wal`,
  `${SQLITE_FILE}-shm`,
  '.tmp',
  'tmp',
  BACKUPS_DIR,
  // A web build `npm start` made here: remade from the sources whenever it is missing.
  'web-dist',
]);

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
 * the database at `databaseUrl` (created when missing; what an earlier install left there is
 * replaced). All or nothing: the files are unpacked beside DATA_DIR and moved into place only
 * once the database is restored, so a failed restore leaves nothing that blocks the next try.
 * Stop the server first.
 */
export async function restoreBackup(archive: string, target: BackupSource): Promise<void> {
  const dataDir = path.resolve(target.dataDir);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new Error(`DATA_DIR ${dataDir} is not empty; restore into a new directory`);
  }
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const staging = fs.mkdtempSync(
    path.join(path.dirname(dataDir), `.${path.basename(dataDir)}-restoring-`),
  );
  try {
    run('tar', ['-xzf', path.resolve(archive), '-C', staging]);
    const dump = path.join(staging, PG_DUMP_FILE);
    if (fs.existsSync(dump)) {
      if (!target.databaseUrl) {
        throw new Error('This backup holds a PostgreSQL dump: set DATABASE_URL to restore it');
      }
      await restorePostgresDump(dump, target.databaseUrl);
      fs.rmSync(dump);
    } else if (target.databaseUrl) {
      throw new Error('This backup holds a SQLite database: unset DATABASE_URL to restore it');
    }
    fs.chmodSync(staging, 0o700);
    // An empty DATA_DIR gives way; the rename (same parent, same file system) then puts the
    // whole restored directory in place at once.
    if (fs.existsSync(dataDir)) {
      fs.rmdirSync(dataDir);
    }
    fs.renameSync(staging, dataDir);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
