import { Readable, type PassThrough } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Storage } from '../../lib/storage/storage.ts';

/** A zip written to storage while entries arrive: memory holds a few entries, never the lot. */
export type ZipSink = {
  /** Adds a file; waits when too many entries are still waiting to be written. */
  add: (name: string, bytes: Uint8Array) => Promise<void>;
  /** Writes the central directory; resolves with the zip's size once it is stored. */
  finish: () => Promise<number>;
  /** Stops writing and leaves no file behind. */
  abort: () => Promise<void>;
};

// Entries added but not yet read by yazl. yazl reads one entry at a time, so
// more than a few in the queue would only hold PDFs in memory.
const MAX_QUEUED_ENTRIES = 4;

/** 'a.pdf', then 'a_2.pdf', 'a_3.pdf': zips may not repeat a name (compared ignoring case). */
function uniqueName(used: Set<string>, name: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  let candidate = name;
  for (let counter = 2; used.has(candidate.toLowerCase()); counter += 1) {
    candidate = `${stem}_${counter}${extension}`;
  }
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Hands `bytes` to yazl as a lazy stream. yazl keeps each entry's callback until the zip ends, so
 * the bytes sit in a holder the callback empties, and nothing else here may close over them: this
 * is a plain function, not a closure inside the (async) caller, whose scope would keep them.
 */
function addLazyEntry(zip: ZipFile, name: string, bytes: Uint8Array, onRead: () => void): void {
  const holder: { bytes: Uint8Array | null } = { bytes };
  // Stored, not deflated: deflate cost 2.2 ms of main-thread CPU a form against 0.4 ms (a
  // 1,000-form zip: 2.2 s of a 3 s budget) for a 1.6× smaller zip (docs/decisions.md).
  zip.addReadStreamLazy(name, { mtime: new Date(), compress: false }, (callback) => {
    const data = holder.bytes ?? new Uint8Array();
    holder.bytes = null;
    const stream = Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]);
    stream.on('end', onRead);
    callback(null, stream);
  });
  unpoolEntryName(zip);
}

/**
 * yazl keeps each entry's name as `Buffer.from(name)`: a slice of Node's shared allocation pool,
 * which keeps the whole pool chunk alive for the life of the zip (64 KB per entry in a heap
 * snapshot: 640 MB for 10,000 forms). An unpooled copy of the few bytes of the name frees it.
 * Reaches into yazl's entry list (3.x); if that ever changes shape, this does nothing.
 */
function unpoolEntryName(zip: ZipFile): void {
  const entries = (zip as unknown as { entries?: Array<{ utf8FileName?: unknown }> }).entries;
  const entry = entries?.at(-1);
  if (entry && Buffer.isBuffer(entry.utf8FileName)) {
    const own = Buffer.alloc(entry.utf8FileName.length);
    entry.utf8FileName.copy(own);
    entry.utf8FileName = own;
  }
}

/**
 * Streams a zip of stored (uncompressed) entries into storage under `key` (all or nothing: storage writes a temp file
 * and renames it at the end). Entries go in as lazy streams (addLazyEntry): a plain `addBuffer`
 * keeps every PDF in memory until the zip ends (456 MB for 1,000 forms, docs/benchmarks.md).
 */
export function createZipSink(storage: Storage, key: string): ZipSink {
  const zip = new ZipFile();
  // yazl's types say NodeJS.ReadableStream; the object is a PassThrough (yazl index.js).
  const output = zip.outputStream as PassThrough;
  const used = new Set<string>();
  const stored = storage.putStream(key, output);
  let failure: Error | null = null;
  let queued = 0;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  const entryRead = () => {
    queued -= 1;
    notify();
  };
  stored.catch((error: unknown) => {
    failure = error instanceof Error ? error : new Error('The zip could not be stored');
    notify();
  });

  return {
    add: async (name, bytes) => {
      if (failure) {
        throw failure;
      }
      queued += 1;
      addLazyEntry(zip, uniqueName(used, name), bytes, entryRead);
      while (queued > MAX_QUEUED_ENTRIES && !failure) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
    finish: async () => {
      zip.end();
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
