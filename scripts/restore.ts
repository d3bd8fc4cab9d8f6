/**
 * `npm run restore -- <archive.tar.gz>`: restores a backup into an empty DATA_DIR (and the
 * PostgreSQL database of DATABASE_URL for a PostgreSQL backup). Stop the server first.
 */
import { loadConfig } from '../apps/server/src/config.ts';
import { restoreBackup } from '../apps/server/src/ops/backup.ts';

const archive = process.argv[2];
if (!archive) {
  console.error('Usage: npm run restore -- <archive.tar.gz>');
  process.exit(1);
}
restoreBackup(archive, loadConfig());
console.log(`Restored ${archive} into ${loadConfig().dataDir}`);
