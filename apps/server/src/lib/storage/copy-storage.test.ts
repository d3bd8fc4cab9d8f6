import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';

let s3: LocalS3;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-migrate-'));
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

beforeAll(async () => {
  s3 = await startLocalS3();
  const local = createLocalStorage(dataDir);
  await local.put('templates/a.pdf', Buffer.from('%PDF-1.7 template'));
  await local.put('record-files/b.png', Buffer.alloc(300_000, 7));
  await local.put('jobs/1/forms.zip', Buffer.from('PK zip'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Run = { status: number | null; stdout: string; stderr: string };

/** Runs the script as a user would; async, because the S3 server lives in this very process. */
function run(env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/migrate-storage.ts'],
      { cwd: repoRoot, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({
          status: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout,
          stderr,
        });
      },
    );
  });
}

function migrate(): Promise<Run> {
  return run({
    ...process.env,
    DATA_DIR: dataDir,
    STORAGE: 's3',
    S3_BUCKET: s3.options.bucket,
    S3_ENDPOINT: s3.options.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'office',
  });
}

describe('npm run migrate-storage', () => {
  it('copies every local file into the bucket, and a second run copies nothing again', async () => {
    const first = await migrate();
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('Done: 3 copied (300023 bytes), 0 already there.');

    const bucket = createS3Storage({ ...s3.options, prefix: 'office/' });
    expect((await bucket.read('record-files/b.png')).equals(Buffer.alloc(300_000, 7))).toBe(true);
    expect((await bucket.read('templates/a.pdf')).toString()).toBe('%PDF-1.7 template');
    expect((await bucket.read('jobs/1/forms.zip')).toString()).toBe('PK zip');

    const again = await migrate();
    expect(again.stdout).toContain('Done: 0 copied (0 bytes), 3 already there.');
  });

  it('refuses to run without STORAGE=s3', async () => {
    const result = await run({ ...process.env, DATA_DIR: dataDir, STORAGE: 'local' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('set STORAGE=s3 and S3_BUCKET first');
  });
});
