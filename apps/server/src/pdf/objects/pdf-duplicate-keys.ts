import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFContext,
  PDFName,
  PDFNumber,
  PDFObjectParser,
  PDFRawStream,
  decodePDFRawStream,
} from '@cantoo/pdf-lib';
import type { XrefBase } from './pdf-xref.ts';

// Finding the objects of a file whose dictionaries name a key twice (`/F 4 ... /F 4`, as the
// widgets of de_phsg_bds_aufnahmeantrag_2019 do). pdf-lib keeps the last occurrence, like qpdf,
// but a file that still holds such an object fails `qpdf --check` ("dictionary has duplicated
// key"), and readers disagree on which occurrence counts. Only the object's own syntax is read,
// up to `stream` or `endobj`: stream data is never scanned, bar an object stream's members
// (qpdf reads them with the same parser and warns alike).

const MAX_OBJECT_BYTES = 1 << 20;

// Byte classes, looked up by byte: the scan reads every byte of every object's syntax.
const REGULAR = 0;
const WHITESPACE = 1;
const DELIMITER = 2;
const BYTE_CLASS = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) {
  BYTE_CLASS[byte] = WHITESPACE;
}
for (const byte of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) {
  BYTE_CLASS[byte] = DELIMITER;
}

type Frame = { keys: Set<string>; awaitingValue: boolean } | null; // null: an array

function isRegular(byte: number): boolean {
  return BYTE_CLASS[byte] === REGULAR;
}

/** Whether `bytes[start, stop)` spells `word` (ASCII). */
function spells(bytes: Uint8Array, start: number, stop: number, word: string): boolean {
  if (stop - start !== word.length) {
    return false;
  }
  for (let index = 0; index < word.length; index += 1) {
    if (bytes[start + index] !== word.charCodeAt(index)) {
      return false;
    }
  }
  return true;
}

/**
 * Whether the object starting at `start` (at its `N G obj` header, or at its value in an object
 * stream, where `limit` is where the next member starts) repeats a key in a dictionary.
 */
export function repeatsKey(bytes: Uint8Array, start: number, limit = bytes.byteLength): boolean {
  const end = Math.min(bytes.byteLength, limit, start + MAX_OBJECT_BYTES);
  const stack: Frame[] = [];
  let at = start;
  // A complete value in a dictionary's value position: the next name is a key again.
  const valueDone = (): void => {
    const top = stack[stack.length - 1];
    if (top) {
      top.awaitingValue = false;
    }
  };
  while (at < end) {
    const byte = bytes[at] ?? 0;
    if (BYTE_CLASS[byte] === WHITESPACE) {
      at += 1;
    } else if (byte === 0x25) {
      while (at < end && bytes[at] !== 0x0a && bytes[at] !== 0x0d) {
        at += 1;
      }
    } else if (byte === 0x3c && bytes[at + 1] === 0x3c) {
      stack.push({ keys: new Set(), awaitingValue: false });
      at += 2;
    } else if (byte === 0x3e && bytes[at + 1] === 0x3e) {
      stack.pop();
      at += 2;
      valueDone();
    } else if (byte === 0x5b) {
      stack.push(null);
      at += 1;
    } else if (byte === 0x5d) {
      stack.pop();
      at += 1;
      valueDone();
    } else if (byte === 0x3c) {
      while (at < end && bytes[at] !== 0x3e) {
        at += 1;
      }
      at += 1;
      valueDone();
    } else if (byte === 0x28) {
      at = afterLiteralString(bytes, at, end);
      valueDone();
    } else if (byte === 0x2f) {
      let stop = at + 1;
      while (stop < end && isRegular(bytes[stop] ?? 0)) {
        stop += 1;
      }
      const name = decodeName(bytes, at + 1, stop);
      at = stop;
      const top = stack[stack.length - 1];
      if (top && !top.awaitingValue) {
        if (top.keys.has(name)) {
          return true;
        }
        top.keys.add(name);
        top.awaitingValue = true;
      } else {
        valueDone();
      }
    } else {
      let stop = at + 1;
      while (stop < end && isRegular(bytes[stop] ?? 0)) {
        stop += 1;
      }
      const isEnd = spells(bytes, at, stop, 'stream') || spells(bytes, at, stop, 'endobj');
      at = stop === at ? at + 1 : stop;
      if (isEnd) {
        return false;
      }
      // `5 0 R` takes three words: the first ends the value, the others are not names.
      valueDone();
    }
  }
  return false;
}

function afterLiteralString(bytes: Uint8Array, start: number, end: number): number {
  let depth = 0;
  for (let at = start; at < end; at += 1) {
    const byte = bytes[at];
    if (byte === 0x5c) {
      at += 1;
    } else if (byte === 0x28) {
      depth += 1;
    } else if (byte === 0x29) {
      depth -= 1;
      if (depth === 0) {
        return at + 1;
      }
    }
  }
  return end;
}

const HEX_VALUE = new Int8Array(256).fill(-1);
for (let digit = 0; digit < 16; digit += 1) {
  HEX_VALUE[digit.toString(16).charCodeAt(0)] = digit;
  HEX_VALUE[digit.toString(16).toUpperCase().charCodeAt(0)] = digit;
}

/** A name's characters with `#xx` escapes decoded: `/F` and `/#46` are the same key. */
function decodeName(bytes: Uint8Array, start: number, end: number): string {
  let name = '';
  for (let at = start; at < end; at += 1) {
    const byte = bytes[at] ?? 0;
    const high = byte === 0x23 ? (HEX_VALUE[bytes[at + 1] ?? 0] ?? -1) : -1;
    const low = high === -1 ? -1 : (HEX_VALUE[bytes[at + 2] ?? 0] ?? -1);
    if (low !== -1) {
      name += String.fromCharCode(high * 16 + low);
      at += 2;
    } else {
      name += String.fromCharCode(byte);
    }
  }
  return name;
}

/** The numbers of the objects at `offsets` that repeat a key, in ascending order. */
export function objectsRepeatingKeys(
  bytes: Uint8Array,
  offsets: ReadonlyMap<number, number>,
): number[] {
  const found: number[] = [];
  for (const [number, offset] of offsets) {
    if (repeatsKey(bytes, offset)) {
      found.push(number);
    }
  }
  return found.sort((a, b) => a - b);
}

/**
 * The numbers of an object stream's members that repeat a key: `data` is the stream's decoded
 * data, `first` its /First (where the members start), `count` its /N. The members' offsets come
 * from the stream's own header (number and offset pairs); each is read up to the next one.
 */
export function membersRepeatingKeys(data: Uint8Array, first: number, count: number): number[] {
  const header = Buffer.from(data.buffer, data.byteOffset, Math.min(first, data.byteLength))
    .toString('latin1')
    .trim()
    .split(/\s+/)
    .map(Number);
  const pairs: Array<[number, number]> = [];
  for (let index = 0; index + 1 < header.length && pairs.length < count; index += 2) {
    const [number = NaN, offset = NaN] = [header[index], header[index + 1]];
    if (!Number.isInteger(number) || !Number.isInteger(offset)) {
      break;
    }
    pairs.push([number, first + offset]);
  }
  const found: number[] = [];
  pairs.forEach(([number, start], index) => {
    const next = pairs[index + 1]?.[1] ?? data.byteLength;
    if (repeatsKey(data, start, next > start ? next : data.byteLength)) {
      found.push(number);
    }
  });
  return found.sort((a, b) => a - b);
}

const OBJECT_HEADER = /^\d+\s+\d+\s+obj\b/;

/** An object stream's decoded data, /First and /N. */
type ObjectStream = { readonly data: Uint8Array; readonly first: number; readonly count: number };

const FLATE = PDFName.of('FlateDecode');

/**
 * A stream's data through its filters. Plain /FlateDecode (what object streams use) is inflated
 * by zlib: native, several times pdf-lib's JavaScript inflate, so the scan can decode the streams
 * itself instead of keeping the loader's copies. A stream zlib refuses (damaged, a bad checksum)
 * and any other filter go through pdf-lib, which reads what it can of them, as the loader did.
 */
export function decodedData(stream: PDFRawStream): Uint8Array {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const onlyFlate =
    filter === FLATE ||
    (filter instanceof PDFArray && filter.size() === 1 && filter.get(0) === FLATE);
  if (onlyFlate && stream.dict.get(PDFName.of('DecodeParms')) === undefined) {
    try {
      return inflateSync(stream.contents);
    } catch {
      // pdf-lib below.
    }
  }
  return decodePDFRawStream(stream).decode();
}

/** The object stream whose header ends at `from`, parsed and decoded; null when it is none. */
function decodeStreamAt(bytes: Uint8Array, from: number): ObjectStream | null {
  const stream = PDFObjectParser.forBytes(bytes.subarray(from), PDFContext.create()).parseObject();
  const first = stream instanceof PDFRawStream ? stream.dict.get(PDFName.of('First')) : null;
  const count = stream instanceof PDFRawStream ? stream.dict.get(PDFName.of('N')) : null;
  if (!(first instanceof PDFNumber) || !(count instanceof PDFNumber)) {
    return null;
  }
  return {
    data: decodedData(stream as PDFRawStream),
    first: first.asNumber(),
    count: count.asNumber(),
  };
}

/**
 * The numbers of the object-stream members (per the cross-reference chain: a stream's stale
 * copies do not count) that repeat a key, in ascending order. Each stream is read at the offset
 * the chain gives and decoded here, one at a time. A stream that cannot be read or decoded
 * (encrypted, a filter pdf-lib lacks) is passed over: its members are left as they are.
 */
export function membersOfStreamsRepeatingKeys(
  bytes: Uint8Array,
  xref: Pick<XrefBase, 'offsets' | 'members'>,
): number[] {
  const streams = new Map<number, Set<number>>();
  for (const [member, stream] of xref.members) {
    streams.set(stream, (streams.get(stream) ?? new Set()).add(member));
  }
  const found: number[] = [];
  for (const [number, members] of streams) {
    const at = xref.offsets.get(number);
    const header =
      at === undefined
        ? null
        : OBJECT_HEADER.exec(Buffer.from(bytes.subarray(at, at + 40)).toString('latin1'));
    if (at === undefined || !header) {
      continue;
    }
    try {
      const stream = decodeStreamAt(bytes, at + header[0].length);
      if (!stream) {
        continue;
      }
      for (const member of membersRepeatingKeys(stream.data, stream.first, stream.count)) {
        if (members.has(member)) {
          found.push(member);
        }
      }
    } catch {
      continue;
    }
  }
  return found.sort((a, b) => a - b);
}
