import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage/local-storage.ts';
import { readZip } from '../completed-forms/completed-forms.test-helpers.ts';
import { createZipSink } from './zip-sink.ts';

describe('createZipSink', () => {
  const dirs: string[] = [];
  const storageIn = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-zip-'));
    dirs.push(dir);
    return { dir, storage: createLocalStorage(dir) };
  };
  afterEach(() => {
    dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
  });

  it('stores every entry in order, renaming repeated names', async () => {
    const { dir, storage } = storageIn();
    const zip = createZipSink(storage, 'jobs/a/forms.zip');
    const files = Array.from({ length: 25 }, (_, index) => ({
      name: index % 10 === 9 ? 'Same.pdf' : `Form ${index} – Zoë.pdf`,
      bytes: new Uint8Array(Buffer.from(`%PDF-1.7 ${'x'.repeat(index * 100)}`)),
    }));
    for (const file of files) {
      await zip.add(file.name, file.bytes);
    }
    const size = await zip.finish();
    const stored = fs.readFileSync(path.join(dir, 'files', 'jobs', 'a', 'forms.zip'));
    expect(stored.length).toBe(size);
    const entries = readZip(stored);
    expect(entries.map((entry) => entry.name)).toEqual(
      files.map((file, index) =>
        index === 19 ? 'Same_2.pdf' : index === 9 ? 'Same.pdf' : file.name,
      ),
    );
    entries.forEach((entry, index) => {
      expect(Buffer.from(entry.bytes).equals(Buffer.from(files[index]?.bytes ?? []))).toBe(true);
    });
  });

  it('lists every entry of a zip whose central directory spans several blocks', async () => {
    const { dir, storage } = storageIn();
    const zip = createZipSink(storage, 'jobs/b/forms.zip');
    // ~90-byte directory records: 2,000 of them fill three 64 KiB blocks.
    const names = Array.from({ length: 2000 }, (_, index) => `Record ${index} – Employee.pdf`);
    for (const [index, name] of names.entries()) {
      await zip.add(name, new Uint8Array(Buffer.from(`%PDF-1.7 ${index}`)));
    }
    await zip.finish();
    const entries = readZip(fs.readFileSync(path.join(dir, 'files', 'jobs', 'b', 'forms.zip')));
    expect(entries.map((entry) => entry.name)).toEqual(names);
    expect(entries.map((entry) => Buffer.from(entry.bytes).toString())).toEqual(
      names.map((_, index) => `%PDF-1.7 ${index}`),
    );
  });

  it('writes the CRC-32 and sizes zip readers check, in both headers', async () => {
    const { dir, storage } = storageIn();
    const zip = createZipSink(storage, 'jobs/c/forms.zip');
    await zip.add('check.txt', new Uint8Array(Buffer.from('123456789')));
    await zip.finish();
    const stored = fs.readFileSync(path.join(dir, 'files', 'jobs', 'c', 'forms.zip'));
    // CRC-32 of "123456789" is 0xCBF43926 (the standard check value).
    expect(stored.readUInt32LE(14)).toBe(0xcbf43926);
    expect(stored.readUInt32LE(18)).toBe(9);
    const central = stored.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(stored.readUInt32LE(central + 16)).toBe(0xcbf43926);
    expect(stored.readUInt32LE(central + 24)).toBe(9);
  });

  it('keeps every entry whole when each form is freed as soon as it is written', async () => {
    const { dir, storage } = storageIn();
    const zip = createZipSink(storage, 'jobs/e/forms.zip');
    const texts = Array.from(
      { length: 300 },
      (_, index) => `%PDF-1.7 ${index} ${'y'.repeat(9000)}`,
    );
    let freed = 0;
    for (const [index, text] of texts.entries()) {
      const bytes = new Uint8Array(Buffer.from(text));
      // As the bulk job does: the buffer is detached (its memory freed) once the zip is done with it.
      await zip.add(`${index}.pdf`, bytes, () => {
        (bytes.buffer as ArrayBuffer & { transfer: (length: number) => ArrayBuffer }).transfer(0);
        freed += 1;
      });
    }
    await zip.finish();
    expect(freed).toBe(texts.length);
    const entries = readZip(fs.readFileSync(path.join(dir, 'files', 'jobs', 'e', 'forms.zip')));
    expect(entries.map((entry) => Buffer.from(entry.bytes).toString())).toEqual(texts);
  });

  it('fails the next entry when a write to the file fails', async () => {
    const { storage } = storageIn();
    const failing = {
      ...storage,
      openFile: async (key: string) => {
        const file = await storage.openFile?.(key);
        if (!file) {
          throw new Error('local storage writes files at offsets');
        }
        return { ...file, writeAt: async () => Promise.reject(new Error('disk full')) };
      },
    };
    const zip = createZipSink(failing, 'jobs/f/forms.zip');
    await expect(
      (async () => {
        for (let index = 0; index < 4; index += 1) {
          await zip.add(`${index}.pdf`, new Uint8Array(1000));
        }
      })(),
    ).rejects.toThrow('disk full');
    await zip.abort();
  });

  it('fails the next entry, without waiting forever, when a storage stream fails', async () => {
    const { storage } = storageIn();
    const failing = {
      ...storage,
      openFile: undefined,
      putStream: async (_key: string, source: Readable) => {
        source.resume();
        throw new Error('disk full');
      },
    };
    const zip = createZipSink(failing, 'jobs/d/forms.zip');
    const big = new Uint8Array(4 << 20);
    await expect(
      (async () => {
        for (let index = 0; index < 4; index += 1) {
          await zip.add(`${index}.pdf`, big);
        }
      })(),
    ).rejects.toThrow('disk full');
    await zip.abort();
  });

  it('leaves no file, temporary or final, when aborted', async () => {
    const { dir, storage } = storageIn();
    const zip = createZipSink(storage, 'jobs/b/forms.zip');
    await zip.add('one.pdf', new Uint8Array(1000));
    await zip.abort();
    expect(fs.existsSync(path.join(dir, 'files', 'jobs', 'b', 'forms.zip'))).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
  });
});
