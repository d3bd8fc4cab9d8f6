// Decompression bounds, checked on the raw bytes before any PDF parser sees them.
//
// A 1 MB PDF can hold a Flate stream that inflates to gigabytes (in page content, an appearance
// stream, an object stream or the metadata). pdf.js and pdf-lib inflate whole streams into
// memory outside the JavaScript heap, so a worker's heap limit does not stop them. Every place
// where a "stream" keyword is followed by zlib data is inflated here with Node's zlib under an
// output cap: a stream past the per-stream bound, or all of them together past the total bound,
// refuses the file. Scanning every keyword (not only what the cross-reference table names) means
// a wrong /Length or a hidden object cannot route a stream around the check.
import { constants as zlibConstants, inflateSync } from 'node:zlib';
import { PdfUnsafeError } from './pdf-unsafe.ts';

export type StreamBounds = { perStreamBytes: number; totalBytes: number };

/** 64 MB for one stream (a scanned page at print resolution is ~25 MB), 512 MB in all. */
export const DEFAULT_STREAM_BOUNDS: StreamBounds = {
  perStreamBytes: 64 * 1024 * 1024,
  totalBytes: 512 * 1024 * 1024,
};

const KEYWORD = 'stream';

function mb(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** Where the data of the stream whose keyword ends at `at` begins (after CR LF, LF or CR). */
function dataStart(buf: Buffer, at: number): number {
  let start = at;
  if (buf[start] === 0x0d) {
    start += 1;
  }
  if (buf[start] === 0x0a) {
    start += 1;
  }
  return start;
}

/** A zlib header (deflate method, valid check bits): the only data pdf.js inflates. */
function isZlibHeader(buf: Buffer, start: number): boolean {
  const cmf = buf[start];
  const flg = buf[start + 1];
  return (
    cmf !== undefined && flg !== undefined && (cmf & 0x0f) === 8 && ((cmf << 8) + flg) % 31 === 0
  );
}

/** Inflated size of the zlib data at `start`, or null past `cap`; unreadable data counts as 0. */
function inflatedSize(buf: Buffer, start: number, cap: number): number | null {
  try {
    // Sync flush: a stream without its end marker is measured as far as it goes.
    return inflateSync(buf.subarray(start), {
      finishFlush: zlibConstants.Z_SYNC_FLUSH,
      maxOutputLength: cap,
    }).byteLength;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      return null;
    }
    return 0;
  }
}

/**
 * Throws PdfUnsafeError when a Flate stream of `bytes` inflates past `bounds.perStreamBytes`, or
 * all of them together past `bounds.totalBytes`. Costs one inflate of each stream, no parsing.
 */
export function checkStreamBounds(
  bytes: Uint8Array,
  bounds: StreamBounds = DEFAULT_STREAM_BOUNDS,
): void {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (
    let at = buf.indexOf(KEYWORD, 0, 'latin1');
    at !== -1;
    at = buf.indexOf(KEYWORD, at + 1, 'latin1')
  ) {
    const start = dataStart(buf, at + KEYWORD.length);
    if (!isZlibHeader(buf, start)) {
      continue;
    }
    // zlib reads a cap of 0 as "no cap": once the total is spent, one byte more is too many.
    const cap = Math.max(1, Math.min(bounds.perStreamBytes, bounds.totalBytes - total));
    const size = inflatedSize(buf, start, cap);
    if (size === null) {
      throw new PdfUnsafeError(
        cap < bounds.perStreamBytes
          ? `its compressed streams expand past ${mb(bounds.totalBytes)} in total`
          : `a compressed stream expands past ${mb(bounds.perStreamBytes)}`,
      );
    }
    total += size;
  }
}
