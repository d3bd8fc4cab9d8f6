import {
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

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

type Frame = { keys: Set<string>; awaitingValue: boolean } | null; // null: an array

function isRegular(byte: number): boolean {
  return !WHITESPACE.has(byte) && !DELIMITERS.has(byte);
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
    if (WHITESPACE.has(byte)) {
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
      const word = stop - at <= 6 ? String.fromCharCode(...bytes.subarray(at, stop)) : '';
      at = stop === at ? at + 1 : stop;
      if (word === 'stream' || word === 'endobj') {
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

/** A name's characters with `#xx` escapes decoded: `/F` and `/#46` are the same key. */
function decodeName(bytes: Uint8Array, start: number, end: number): string {
  let name = '';
  for (let at = start; at < end; at += 1) {
    const byte = bytes[at] ?? 0;
    const hex = byte === 0x23 ? String.fromCharCode(bytes[at + 1] ?? 0, bytes[at + 2] ?? 0) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      name += String.fromCharCode(parseInt(hex, 16));
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

/**
 * The numbers of the object-stream members (per the cross-reference chain: a stream's stale
 * copies do not count) that repeat a key, in ascending order. A stream that cannot be read or
 * decoded (encrypted, a filter pdf-lib lacks) is passed over: its members are left as they are.
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
      const context = PDFContext.create();
      const stream = PDFObjectParser.forBytes(
        bytes.subarray(at + header[0].length),
        context,
      ).parseObject();
      const first = stream instanceof PDFRawStream ? stream.dict.get(PDFName.of('First')) : null;
      const count = stream instanceof PDFRawStream ? stream.dict.get(PDFName.of('N')) : null;
      if (!(first instanceof PDFNumber) || !(count instanceof PDFNumber)) {
        continue;
      }
      const data = decodePDFRawStream(stream as PDFRawStream).decode();
      for (const member of membersRepeatingKeys(data, first.asNumber(), count.asNumber())) {
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
