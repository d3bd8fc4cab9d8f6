import zlib from 'node:zlib';
import type { Storage } from '../../lib/storage/storage.ts';
import { openZipOutput } from './zip-output.ts';

/** A zip written to storage while entries arrive: memory holds a few entries, never the lot. */
export type ZipSink = {
  /**
   * Adds a file; waits while storage is behind by more than a few entries. `written` is called
   * once storage no longer needs `bytes` (local disk only; never when storage cannot tell).
   */
  add: (name: string, bytes: Uint8Array, written?: () => void) => Promise<void>;
  /** Writes the central directory; resolves with the zip's size once it is stored. */
  finish: () => Promise<number>;
  /** Stops writing and leaves no file behind. */
  abort: () => Promise<void>;
};

// The central directory is kept in blocks this size (~600 records each) until the zip is finished.
const DIRECTORY_BLOCK = 64 << 10;
const UINT32_MAX = 0xffffffff;
const UINT16_MAX = 0xffff;
// General purpose flag bit 11: names are UTF-8.
const UTF8_NAMES = 0x0800;
// Made by: Unix (3), spec 4.5 (zip64 is 4.5; plain stored entries need 2.0).
const MADE_BY = (3 << 8) | 45;
const REGULAR_FILE_0644 = (0o100644 << 16) >>> 0;

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

/** MS-DOS date and time (local time, 2-second steps), as zip readers expect. */
function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date:
      ((Math.max(date.getFullYear(), 1980) - 1980) << 9) |
      ((date.getMonth() + 1) << 5) |
      date.getDate(),
  };
}

type Entry = { name: Buffer; crc: number; size: number; offset: number };

function localHeader(entry: Entry, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30 + entry.name.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.size, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  entry.name.copy(header, 30);
  return header;
}

/** One central directory record; an entry past 4 GiB into the zip gets its offset in zip64. */
function centralRecord(entry: Entry, stamp: { time: number; date: number }): Buffer {
  const isFar = entry.offset >= UINT32_MAX;
  const extraLength = isFar ? 12 : 0;
  const record = Buffer.alloc(46 + entry.name.length + extraLength);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(MADE_BY, 4);
  record.writeUInt16LE(isFar ? 45 : 20, 6);
  record.writeUInt16LE(UTF8_NAMES, 8);
  record.writeUInt16LE(0, 10);
  record.writeUInt16LE(stamp.time, 12);
  record.writeUInt16LE(stamp.date, 14);
  record.writeUInt32LE(entry.crc, 16);
  record.writeUInt32LE(entry.size, 20);
  record.writeUInt32LE(entry.size, 24);
  record.writeUInt16LE(entry.name.length, 28);
  record.writeUInt16LE(extraLength, 30);
  record.writeUInt32LE(REGULAR_FILE_0644, 38);
  record.writeUInt32LE(isFar ? UINT32_MAX : entry.offset, 42);
  entry.name.copy(record, 46);
  if (isFar) {
    const extra = 46 + entry.name.length;
    record.writeUInt16LE(0x0001, extra);
    record.writeUInt16LE(8, extra + 2);
    record.writeBigUInt64LE(BigInt(entry.offset), extra + 4);
  }
  return record;
}

/** End of central directory, preceded by its zip64 form when a count or offset does not fit. */
function endRecords(count: number, directoryOffset: number, directorySize: number): Buffer {
  const needsZip64 =
    count >= UINT16_MAX || directoryOffset >= UINT32_MAX || directorySize >= UINT32_MAX;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(needsZip64 ? UINT16_MAX : count, 8);
  end.writeUInt16LE(needsZip64 ? UINT16_MAX : count, 10);
  end.writeUInt32LE(needsZip64 ? UINT32_MAX : directorySize, 12);
  end.writeUInt32LE(needsZip64 ? UINT32_MAX : directoryOffset, 16);
  if (!needsZip64) {
    return end;
  }
  const zip64End = Buffer.alloc(56);
  zip64End.writeUInt32LE(0x06064b50, 0);
  zip64End.writeBigUInt64LE(44n, 4);
  zip64End.writeUInt16LE(MADE_BY, 12);
  zip64End.writeUInt16LE(45, 14);
  zip64End.writeBigUInt64LE(BigInt(count), 24);
  zip64End.writeBigUInt64LE(BigInt(count), 32);
  zip64End.writeBigUInt64LE(BigInt(directorySize), 40);
  zip64End.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([zip64End, locator, end]);
}

/**
 * The central directory's records, kept until the zip is finished, copied into a few large blocks:
 * one small Buffer per entry would keep an ArrayBuffer and its malloc'd store per form on the main
 * thread for the whole job (~400 bytes a form against ~100 here; docs/benchmarks.md).
 */
function createDirectory() {
  const blocks: Buffer[] = [];
  let current = Buffer.allocUnsafe(0);
  let used = 0;
  return {
    append: (record: Buffer) => {
      if (used + record.length > current.length) {
        if (used > 0) {
          blocks.push(current.subarray(0, used));
        }
        current = Buffer.allocUnsafe(Math.max(DIRECTORY_BLOCK, record.length));
        used = 0;
      }
      used += record.copy(current, used);
    },
    /** The records in the order they were appended; the directory is empty afterwards. */
    take: (): Buffer[] => {
      if (used > 0) {
        blocks.push(current.subarray(0, used));
      }
      current = Buffer.allocUnsafe(0);
      used = 0;
      return blocks.splice(0);
    },
  };
}

/**
 * Writes a zip of stored (uncompressed) entries into storage under `key` (all or nothing: storage
 * writes a temp file and renames it at the end). Each entry is written as it is added: its header
 * and the caller's bytes go straight to storage (no copy), its CRC comes from zlib's native
 * crc32, and only its central-directory record (~100 bytes, in shared blocks) is kept until the
 * end. Replaces yazl, whose JavaScript CRC and per-entry streams cost ~1 ms of main-thread CPU a
 * form (docs/benchmarks.md).
 */
export function createZipSink(storage: Storage, key: string): ZipSink {
  const output = openZipOutput(storage, key);
  const used = new Set<string>();
  const stamp = dosDateTime(new Date());
  const directory = createDirectory();
  let offset = 0;
  const write = (chunk: Buffer, written?: () => void) => {
    offset += chunk.length;
    return output.write(chunk, written);
  };

  return {
    add: async (name, bytes, written) => {
      if (bytes.byteLength >= UINT32_MAX) {
        throw new Error(`'${name}' is too large for a zip entry`);
      }
      const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const entry: Entry = {
        name: Buffer.from(uniqueName(used, name), 'utf8'),
        crc: zlib.crc32(data),
        size: data.length,
        offset,
      };
      directory.append(centralRecord(entry, stamp));
      await write(localHeader(entry, stamp));
      await write(data, written);
    },
    finish: async () => {
      const directoryOffset = offset;
      let directorySize = 0;
      for (const block of directory.take()) {
        directorySize += block.length;
        await write(block);
      }
      await write(endRecords(used.size, directoryOffset, directorySize));
      return output.end();
    },
    abort: () => output.abort(),
  };
}
