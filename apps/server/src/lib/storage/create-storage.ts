import type { Config } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

/**
 * The store the configuration names: local disk under DATA_DIR (default) or an S3 bucket. The S3
 * SDK is imported only when S3 is chosen: loaded, it holds ~13 MB that a local install never uses.
 */
export async function createStorage(
  config: Config,
): Promise<{ storage: Storage; close: () => void }> {
  const chosen = config.storage ?? { kind: 'local' };
  if (chosen.kind === 's3') {
    const { createS3Storage } = await import('./s3-storage.ts');
    const storage = createS3Storage(chosen);
    // The SDK keeps connections open for reuse; they must not hold the process at shutdown.
    return { storage, close: () => storage.client.destroy() };
  }
  return { storage: createLocalStorage(config.dataDir), close: () => undefined };
}
