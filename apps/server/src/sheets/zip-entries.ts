import { Inflate } from 'fflate';

// The parts of a ZIP package found through its central directory, so a reader inflates the
// parts it wants and never touches the others (a bomb in a part nobody reads costs nothing).

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** The compressed bytes, a view into the package. */
  data: Uint8Array;
};

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const utf8 = new TextDecoder();

/** The package's entries by name; throws on a package that is not a readable ZIP. */
export function readZipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (at: number) => view.getUint32(at, true);
  const u16 = (at: number) => view.getUint16(at, true);
  // The end record is the last 22 bytes, plus a comment of at most 65,535.
  let end = bytes.length - 22;
  while (end >= Math.max(0, bytes.length - 22 - 65_535) && u32(end) !== END_OF_DIRECTORY) {
    end -= 1;
  }
  if (end < 0 || u32(end) !== END_OF_DIRECTORY) {
    throw new Error('Not a ZIP package: no end of central directory');
  }
  const count = u16(end + 10);
  const entries = new Map<string, ZipEntry>();
  let at = u32(end + 16);
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || u32(at) !== DIRECTORY_ENTRY) {
      throw new Error('Not a ZIP package: a damaged central directory');
    }
    const method = u16(at + 10);
    const compressedSize = u32(at + 20);
    const nameLength = u16(at + 28);
    const skip = nameLength + u16(at + 30) + u16(at + 32);
    const local = u32(at + 42);
    const name = utf8.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (local + 30 > bytes.length || u32(local) !== LOCAL_HEADER) {
      throw new Error(`Not a ZIP package: ${name} has no local header`);
    }
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + compressedSize > bytes.length) {
      throw new Error(`Not a ZIP package: ${name} runs past the end`);
    }
    if (!entries.has(name)) {
      entries.set(name, { name, method, data: bytes.subarray(start, start + compressedSize) });
    }
    at += 46 + skip;
  }
  return entries;
}

/** Compressed bytes per step: at DEFLATE's worst ratio (~1:1032) a step yields about 1 MB. */
const STEP_BYTES = 1024;

/**
 * Inflates an entry a step at a time into `onChunk` (with the compressed bytes consumed so far),
 * until its end or until `shouldStop` says yes (asked after every step). An error `onChunk`
 * throws stops the inflation and comes out of here.
 */
export function inflateEntry(
  entry: ZipEntry,
  onChunk: (chunk: Uint8Array, isFinal: boolean, consumed: number) => void,
  shouldStop: () => boolean,
): void {
  if (entry.method === 0) {
    onChunk(entry.data, true, entry.data.length);
    return;
  }
  if (entry.method !== 8) {
    throw new Error(`${entry.name} is compressed with method ${entry.method}, not deflate`);
  }
  let consumed = 0;
  const inflate = new Inflate((chunk, isFinal) => onChunk(chunk, isFinal, consumed));
  const { data } = entry;
  for (let offset = 0; offset < data.length && !shouldStop(); offset += STEP_BYTES) {
    const end = Math.min(offset + STEP_BYTES, data.length);
    consumed = end;
    inflate.push(data.subarray(offset, end), end === data.length);
  }
}
