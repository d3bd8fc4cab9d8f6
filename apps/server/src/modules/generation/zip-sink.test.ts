import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

  it('leaves no file, temporary or final, when aborted', async () => {
    const { dir, storage } = storageIn();
    const zip = createZipSink(storage, 'jobs/b/forms.zip');
    await zip.add('one.pdf', new Uint8Array(1000));
    await zip.abort();
    expect(fs.existsSync(path.join(dir, 'files', 'jobs', 'b', 'forms.zip'))).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
  });
});
