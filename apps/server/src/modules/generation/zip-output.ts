import { PassThrough } from 'node:stream';
import type { Storage, StoredFileWriter } from '../../lib/storage/storage.ts';

/** Where a zip's bytes go, in order: a stored file written at offsets, or a storage stream. */
export type ZipOutput = {
  /**
   * Appends `chunk`; resolves when the caller may go on (storage is not too far behind).
   * `written` is called once storage holds no reference to the chunk, when that can be known.
   */
  write: (chunk: Buffer, written?: () => void) => Promise<void>;
  /** Resolves with the size once everything is stored under the key. */
  end: () => Promise<number>;
  abort: () => Promise<void>;
};

// Bytes written but not yet taken by storage before `write` waits: a few one-page forms. More
// would only hold PDFs in memory.
const BUFFERED_BYTES = 1 << 20;

/**
 * The zip under `key`: written at offsets into a file when storage offers one (local disk), so
 * each chunk is known to be written and its caller can free it at once; otherwise streamed.
 */
export function openZipOutput(storage: Storage, key: string): ZipOutput {
  return storage.openFile ? fileOutput(storage.openFile(key)) : streamOutput(storage, key);
}

/**
 * Writes go out at once at their offsets, up to BUFFERED_BYTES in flight. A form's bytes came
 * from a fill worker; freed as soon as they are on disk, they never wait for a full garbage
 * collection (on a 100,000-form run such buffers held tens of MB of RSS; docs/benchmarks.md).
 */
function fileOutput(opening: Promise<StoredFileWriter>): ZipOutput {
  let offset = 0;
  let inFlight = 0;
  let failure: { error: unknown } | null = null;
  const pending = new Set<Promise<void>>();
  // Nothing waits on it before the first write; a failure to open surfaces there.
  opening.catch(() => undefined);
  const throwIfFailed = () => {
    if (failure) {
      throw failure.error;
    }
  };
  return {
    write: async (chunk, written) => {
      throwIfFailed();
      const file = await opening;
      const position = offset;
      offset += chunk.length;
      inFlight += chunk.length;
      const writing = file.writeAt(chunk, position).then(
        () => {
          inFlight -= chunk.length;
          pending.delete(writing);
          written?.();
        },
        (error: unknown) => {
          failure ??= { error };
          pending.delete(writing);
        },
      );
      pending.add(writing);
      while (inFlight > BUFFERED_BYTES && pending.size > 0) {
        await Promise.race(pending);
      }
      throwIfFailed();
    },
    end: async () => {
      const file = await opening;
      await Promise.all(pending);
      throwIfFailed();
      await file.commit();
      return offset;
    },
    abort: async () => {
      await Promise.all(pending);
      const file = await opening.catch(() => null);
      await file?.abort();
    },
  };
}

/** A storage stream (S3): storage takes chunks when it wants them, so `written` is never told. */
function streamOutput(storage: Storage, key: string): ZipOutput {
  const output = new PassThrough({ highWaterMark: BUFFERED_BYTES });
  const stored = storage.putStream(key, output);
  let failure: Error | null = null;
  stored.catch((error: unknown) => {
    failure = error instanceof Error ? error : new Error('The zip could not be stored');
    // Nothing will read it any more; closing it wakes a `write` waiting for 'drain'.
    output.destroy();
  });
  // A function, not an inline check: `failure` is set from a callback, which narrowing ignores.
  const throwIfFailed = () => {
    if (failure) {
      throw failure;
    }
  };
  return {
    write: async (chunk) => {
      throwIfFailed();
      if (!output.write(chunk) && !output.destroyed) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            output.off('drain', wake);
            output.off('close', wake);
            resolve();
          };
          output.on('drain', wake);
          output.on('close', wake);
        });
      }
      throwIfFailed();
    },
    end: async () => {
      output.end();
      return stored;
    },
    abort: async () => {
      // Without an error: the storage write then fails as a premature close (caught below), and
      // no 'error' event is left for a listener that pipeline has already removed.
      output.destroy();
      await stored.catch(() => undefined);
      await storage.remove(key);
    },
  };
}
