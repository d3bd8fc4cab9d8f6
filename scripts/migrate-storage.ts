/**
 * `npm run migrate-storage`: copies the files of a local install (DATA_DIR/files) into the
 * S3-compatible bucket that STORAGE=s3 and the S3_* variables name. Run it with the same
 * environment the server will use, before starting the server on S3. Safe to run again: files
 * already copied are skipped. The local files are left in place until you remove them.
 */
import { loadConfig } from '../apps/server/src/config.ts';
import { copyStoredFiles } from '../apps/server/src/lib/storage/copy-storage.ts';
import { createLocalStorage } from '../apps/server/src/lib/storage/local-storage.ts';
import { createS3Storage } from '../apps/server/src/lib/storage/s3-storage.ts';
import { runScript, ScriptError } from './run-script.ts';

await runScript('migrate-storage', async () => {
  const config = loadConfig();
  if (config.storage?.kind !== 's3') {
    throw new ScriptError('copies DATA_DIR/files into S3: set STORAGE=s3 and S3_BUCKET first.');
  }
  const target = createS3Storage(config.storage);
  console.log(
    `Copying ${config.dataDir}/files to s3://${config.storage.bucket}/${config.storage.prefix ?? ''}`,
  );
  const summary = await copyStoredFiles(createLocalStorage(config.dataDir), target, (key) =>
    console.log(`  ${key}`),
  );
  console.log(
    `Done: ${summary.copied} copied (${summary.bytes} bytes), ${summary.skipped} already there.`,
  );
  // The SDK keeps connections alive for reuse; let the process end.
  target.client.destroy();
});
