import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { StorageNotFoundError, type Storage } from './storage.ts';

// One behaviour for every store: the app cannot tell local disk from an S3 bucket.
let s3: LocalS3;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-storage-'));
const stores: Record<string, () => Storage> = {
  local: () => createLocalStorage(dataDir),
  s3: () => createS3Storage({ ...s3.options, prefix: 'install-a/' }),
};

beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function chunks(total: number, size: number, failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('client went away'));
      } else if (sent >= total) {
        this.push(null);
      } else {
        const length = Math.min(size, total - sent);
        this.push(Buffer.alloc(length, sent % 251));
        sent += length;
      }
    },
  });
}

async function drain(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) {
    parts.push(part as Buffer);
  }
  return Buffer.concat(parts);
}

describe.each(Object.keys(stores))('%s storage', (kind) => {
  const store = () => stores[kind]!();

  it('reads back what was put, as bytes and as a stream with its size', async () => {
    const bytes = Buffer.from('%PDF-1.7 Zoë O’Brien');
    await store().put('templates/a.pdf', bytes);
    expect((await store().read('templates/a.pdf')).equals(bytes)).toBe(true);
    const opened = await store().openStream('templates/a.pdf');
    expect(opened.size).toBe(bytes.length);
    expect((await drain(opened.stream)).equals(bytes)).toBe(true);
  });

  it('says not found for a missing file, and removing it twice is fine', async () => {
    await store().put('templates/gone.pdf', Buffer.from('x'));
    await store().remove('templates/gone.pdf');
    await store().remove('templates/gone.pdf');
    await expect(store().read('templates/gone.pdf')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(store().openStream('templates/gone.pdf')).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
  });

  it('streams a 20 MB upload without knowing its length and counts its bytes', async () => {
    const size = await store().putStream('jobs/big.zip', chunks(20 * 1024 * 1024, 256 * 1024));
    expect(size).toBe(20 * 1024 * 1024);
    const back = await store().read('jobs/big.zip');
    expect(back.length).toBe(size);
    expect(back[9 * 1024 * 1024]).toBe(Buffer.alloc(1, (9 * 1024 * 1024) % 251)[0]);
  });

  it('keeps nothing when the source fails half way', async () => {
    await expect(
      store().putStream('jobs/half.zip', chunks(20 * 1024 * 1024, 256 * 1024, 10 * 1024 * 1024)),
    ).rejects.toThrow();
    await expect(store().read('jobs/half.zip')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('lists every key of a folder past one page of 1,000', async () => {
    const keys = Array.from(
      { length: 1001 },
      (_, index) => `listing/${String(index).padStart(4, '0')}.pdf`,
    );
    for (let start = 0; start < keys.length; start += 50) {
      await Promise.all(
        keys.slice(start, start + 50).map((key) => store().put(key, Buffer.from('x'))),
      );
    }
    const listed: string[] = [];
    for await (const key of store().list('listing/')) {
      listed.push(key);
    }
    expect(listed.sort()).toEqual(keys);
  });

  it('refuses keys that could escape the store', async () => {
    await expect(store().put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/Unsafe/);
    await expect(store().read('templates/../../x')).rejects.toThrow(/Unsafe/);
  });
});

describe('S3 storage in a shared bucket', () => {
  it('writes under its prefix, so installs sharing a bucket do not meet', async () => {
    await stores.s3!().put('templates/p.pdf', Buffer.from('mine'));
    const other = createS3Storage({ ...s3.options, prefix: 'install-b/' });
    await expect(other.read('templates/p.pdf')).rejects.toBeInstanceOf(StorageNotFoundError);
  });
});
