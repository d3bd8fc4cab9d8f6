import { PassThrough } from 'node:stream';
import type { Storage } from '../../lib/storage/storage.ts';
import type { StoredGenerationResult, StoredResultItem } from '../jobs/jobs.public.ts';

// Entries are gathered into blocks this size before they are written: a write (a Buffer, and a
// file write on libuv's pool) per ~0.5 KB entry cost more memory and CPU than it saved.
const BLOCK_BYTES = 64 << 10;
// Blocks written but not yet taken by storage before `add` waits.
const BUFFERED_BYTES = 4 * BLOCK_BYTES;

/**
 * The result entries of a bulk job, streamed to storage under `key` as they come, one JSON entry
 * a line, like the zip: the job's row then stores only the rest of the result and the key. Kept
 * in memory and written into the row at the end, 5,000 entries (~2.3 MB of text) cost ~9 MB of
 * RSS as the job ended (the text built, bound and written by the database driver) and ~5 MB more
 * when the finished job was first read (docs/benchmarks.md). A job run again writes the file anew.
 */
export function createResultLog(storage: Storage, key: string) {
  const output = new PassThrough({ highWaterMark: BUFFERED_BYTES });
  const stored = storage.putStream(key, output);
  let failure: Error | null = null;
  let count = 0;
  let block = Buffer.allocUnsafe(BLOCK_BYTES);
  let used = 0;
  stored.catch((error: unknown) => {
    failure = error instanceof Error ? error : new Error('The job result could not be stored');
    output.destroy();
  });
  // A function, not an inline check: `failure` is set from a callback, which narrowing ignores.
  const throwIfFailed = () => {
    if (failure) {
      throw failure;
    }
  };

  return {
    get count() {
      return count;
    },
    /** Appends an entry; waits while storage is behind. */
    async add(item: StoredResultItem): Promise<void> {
      throwIfFailed();
      count += 1;
      const line = `${JSON.stringify(item)}\n`;
      const length = Buffer.byteLength(line);
      if (used + length <= block.length) {
        used += block.write(line, used);
        return;
      }
      const isBelowMark = used === 0 || output.write(block.subarray(0, used));
      block = Buffer.allocUnsafe(Math.max(BLOCK_BYTES, length));
      used = block.write(line);
      if (!isBelowMark && !output.destroyed) {
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
    /** Stores the entries and returns the job's result pointing at them. */
    async finish(result: Omit<StoredGenerationResult, 'results'>): Promise<StoredGenerationResult> {
      output.end(block.subarray(0, used));
      await stored;
      return { ...result, results: [], results_key: key };
    },
    /** Stops writing and leaves no file behind. */
    async abort(): Promise<void> {
      output.destroy();
      await stored.catch(() => undefined);
      await storage.remove(key);
    },
  };
}
