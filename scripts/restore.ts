/**
 * `npm run restore -- <archive.tar.gz>`: restores a backup into an empty DATA_DIR (and the
 * PostgreSQL database of DATABASE_URL for a PostgreSQL backup). Stop the server first.
 */
import { loadConfig } from '../apps/server/src/config.ts';
import { restoreBackup } from '../apps/server/src/ops/backup.ts';
import { runScript, ScriptError } from './run-script.ts';

await runScript('restore', async () => {
  const archive = process.argv[2];
  if (!archive) {
    throw new ScriptError('usage: npm run restore -- <archive.tar.gz>', 2);
  }
  const config = loadConfig();
  await restoreBackup(archive, config);
  console.log(`Restored ${archive} into ${config.dataDir}`);
});
