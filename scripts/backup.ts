/**
 * `npm run backup [-- <archive.tar.gz>]`: a consistent archive of the database and DATA_DIR's
 * files, taken while the server runs. Reads the same environment as the server. Without a path
 * it writes into DATA_DIR/backups/ (the service user can write there; the checkout may be
 * read-only to it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { BACKUPS_DIR, createBackup } from '../apps/server/src/ops/backup.ts';
import { runScript } from './run-script.ts';

await runScript('backup', async () => {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  let archive = process.argv[2];
  if (!archive) {
    const folder = path.join(config.dataDir, BACKUPS_DIR);
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    archive = path.join(folder, `formbridge-backup-${stamp}.tar.gz`);
  }
  await createBackup(config, archive);
  console.log(`Backup written to ${archive}`);
});
