import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { S3StorageOptions } from '../src/lib/storage/s3-storage.ts';

export type LocalS3 = { options: S3StorageOptions; directory: string; close: () => Promise<void> };

const PROCESS_ENTRY = path.resolve(import.meta.dirname, 's3-server-process.ts');

/**
 * A real S3-compatible server (s3rver) on an ephemeral loopback port with one empty bucket,
 * keeping its objects in a temp folder the test can inspect. It runs in a process of its own,
 * with OpenSSL's legacy provider: s3rver 3.7 (its last release) encrypts ListObjectsV2
 * continuation tokens with DES, which OpenSSL 3 refuses by default, so without it every listing
 * of more than 1,000 keys answers 500 InternalError (jamhall/s3rver#818).
 */
export async function startLocalS3(bucket = 'formbridge'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', PROCESS_ENTRY, directory, bucket],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before starting`)));
    readline
      .createInterface({ input: child.stdout })
      .once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  // It must not keep the test process alive; it stops by itself when its stdin closes.
  child.unref();
  for (const stream of [child.stdin, child.stdout]) {
    (stream as unknown as { unref?: () => void }).unref?.();
  }
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
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
