/**
 * `npm run backup [-- <archive.tar.gz>]`: a consistent archive of the database and DATA_DIR's
 * files, taken while the server runs. Reads the same environment as the server.
 */
import { loadConfig } from '../apps/server/src/config.ts';
import { createBackup } from '../apps/server/src/ops/backup.ts';
import { runScript } from './run-script.ts';

await runScript('backup', async () => {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const archive = process.argv[2] ?? `formbridge-backup-${stamp}.tar.gz`;
  await createBackup(config, archive);
  console.log(`Backup written to ${archive}`);
});
