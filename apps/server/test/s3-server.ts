import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../src/lib/storage/s3-storage.ts';

export type LocalS3 = { options: S3StorageOptions; directory: string; close: () => Promise<void> };

/**
 * A real S3-compatible server (s3rver) on an ephemeral loopback port with one empty bucket,
 * keeping its objects in a temp folder the test can inspect.
 */
export async function startLocalS3(bucket = 'formbridge'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    directory,
    options: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
