import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import {
  assertSafeKey,
  StorageNotFoundError,
  type Storage,
  type StoredFileWriter,
} from './storage.ts';

const writeFileCallback = promisify(fs.writeFile);
const renameCallback = promisify(fs.rename);
const openCallback = promisify(fs.open);
const closeCallback = promisify(fs.close);
const writeCallback = promisify(fs.write);

/** `temp` opened for positional writes, renamed to `target` on commit. */
async function openTempFile(temp: string, target: string): Promise<StoredFileWriter> {
  const fd = await openCallback(temp, 'wx', 0o600);
  let closed: Promise<void> | null = null;
  const close = () => (closed ??= closeCallback(fd));
  return {
    writeAt: async (bytes, position) => {
      // A regular file takes a write whole in practice; a short one is finished, not lost.
      for (let done = 0; done < bytes.byteLength;) {
        const { bytesWritten } = await writeCallback(
          fd,
          bytes,
          done,
          bytes.byteLength - done,
          position + done,
        );
        done += bytesWritten;
      }
    },
    commit: async () => {
      await close();
      await renameCallback(temp, target);
    },
    abort: async () => {
      await close().catch(() => undefined);
      await fsp.rm(temp, { force: true });
    },
  };
}

/** Files under `<dataDir>/files`, written to a temp name and renamed so readers never see half a file. */
export function createLocalStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'files');
  const tmpDir = path.join(dataDir, 'tmp');

  const resolveKey = (key: string): string => {
    assertSafeKey(key);
    return path.join(root, key);
  };

  const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

  /** A fresh temp path and the target's folder, both created. */
  const prepare = async (key: string) => {
    const target = resolveKey(key);
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fsp.mkdir(tmpDir, { recursive: true, mode: 0o700 });
    return { target, temp: path.join(tmpDir, `${crypto.randomUUID()}.part`) };
  };

  /** Runs `write`; if a folder was missing, creates `folder` and runs it once more. */
  const retryWhenMissing = async (write: () => Promise<void>, folder: string) => {
    try {
      await write();
    } catch (error) {
      if (!isMissing(error)) {
        throw error;
      }
      await fsp.mkdir(folder, { recursive: true, mode: 0o700 });
      await write();
    }
  };

  return {
    put: async (key, bytes) => {
      // Folders are created only when missing: two mkdir calls per file were ~0.25 ms of the
      // event loop per form in a bulk run (docs/benchmarks.md).
      const target = resolveKey(key);
      const temp = path.join(tmpDir, `${crypto.randomUUID()}.part`);
      try {
        // fs's callback API, not fs/promises: no FileHandle and fewer promises per file, 7–40 %
        // less main-thread CPU a file (docs/benchmarks.md); a bulk job stores one a form.
        await retryWhenMissing(
          () => writeFileCallback(temp, bytes, { flag: 'wx', mode: 0o600 }),
          tmpDir,
        );
        await retryWhenMissing(() => renameCallback(temp, target), path.dirname(target));
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },
    putStream: async (key, source) => {
      const { target, temp } = await prepare(key);
      // The file stream counts what it wrote: no counting stream between them (a bulk job's zip
      // passes two chunks a form through here).
      const file = fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(source, file);
        await fsp.rename(temp, target);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
      return file.bytesWritten;
    },
    openFile: async (key) => {
      const { target, temp } = await prepare(key);
      return openTempFile(temp, target);
    },
    read: async (key) => {
      try {
        return await fsp.readFile(resolveKey(key));
      } catch (error) {
        throw isMissing(error) ? new StorageNotFoundError(key) : error;
      }
    },
    openStream: async (key) => {
      const file = resolveKey(key);
      try {
        const stat = await fsp.stat(file);
        return { stream: fs.createReadStream(file), size: stat.size };
      } catch (error) {
        throw isMissing(error) ? new StorageNotFoundError(key) : error;
      }
    },
    remove: async (key) => {
      await fsp.rm(resolveKey(key), { force: true });
    },
    modifiedAt: async (key) => {
      try {
        return (await fsp.stat(resolveKey(key))).mtimeMs;
      } catch (error) {
        if (isMissing(error)) {
          return undefined;
        }
        throw error;
      }
    },
    list: async function* (folder) {
      const base = path.join(root, folder);
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(base, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) {
          return;
        }
        throw error;
      }
      for (const entry of entries) {
        if (entry.isFile()) {
          yield path
            .relative(root, path.join(entry.parentPath, entry.name))
            .split(path.sep)
            .join('/');
        }
      }
    },
  };
}

/** Removes temp files a crash left behind (called at start; nothing else writes there). */
export async function clearStorageTemp(dataDir: string): Promise<void> {
  await fsp.rm(path.join(dataDir, 'tmp'), { recursive: true, force: true });
}
