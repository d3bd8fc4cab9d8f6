import type { Readable } from 'node:stream';

/**
 * Where stored files live. Keys are relative paths chosen by the app (`templates/<uuid>.pdf`),
 * never by users. Local disk (default) or an S3-compatible bucket (`STORAGE=s3`).
 */
export type Storage = {
  /** Writes all bytes or nothing: a failed write leaves no partial file under `key`. */
  put: (key: string, bytes: Uint8Array) => Promise<void>;
  /**
   * Writes a stream of unknown length (a zip being built) all or nothing, without holding it in
   * memory; resolves with the number of bytes written. A failed or aborted stream leaves no file.
   */
  putStream: (key: string, source: Readable) => Promise<number>;
  /**
   * A file written at known offsets, for a writer that must know when its bytes are written (a
   * zip that frees each form's buffer then). Optional: local storage only; others use putStream.
   */
  openFile?: (key: string) => Promise<StoredFileWriter>;
  /** The whole file; throws StorageNotFoundError when it is missing. */
  read: (key: string) => Promise<Buffer>;
  /** A stream for serving; throws StorageNotFoundError when it is missing. */
  openStream: (key: string) => Promise<{ stream: Readable; size: number }>;
  /** Removes the file; a missing file is not an error (deletes are retried safely). */
  remove: (key: string) => Promise<void>;
  /** When the file was last written (ms since 1970), or undefined when it is missing. */
  modifiedAt: (key: string) => Promise<number | undefined>;
  /** Every stored key under a folder (`templates/`), in no set order: for sweeps and audits. */
  list: (folder: string) => AsyncIterable<string>;
};

/** A file being written; under its key only once committed, and never in part. */
export type StoredFileWriter = {
  /** Writes `bytes` at `position`; resolves once they are written and no longer referenced. */
  writeAt: (bytes: Uint8Array, position: number) => Promise<void>;
  /** Closes the file and puts it under its key. */
  commit: () => Promise<void>;
  /** Closes the file and removes it. */
  abort: () => Promise<void>;
};

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`Stored file not found: ${key}`);
  }
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)+$/;

/** Keys come from the app, but a traversal bug must never reach outside the store's root. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
