// Cheap byte-level checks that run before any PDF parser sees the upload.
//
// pdfjs is deliberately lenient: when the cross-reference data is unusable it rebuilds the file
// by scanning for "N 0 obj" and guesses the catalog. That hides real damage (the fuzzed corpus
// file opens in pdfjs but not in pdftk or qpdf, and a filled copy would be built on guesses).
// We draw the line where qpdf does: a file is damaged when no trailer can be found at all —
// neither a classic `trailer << … /Root … >>` nor a cross-reference stream that names /Root and
// whose data actually decodes. Slightly wrong xref offsets, which are common and harmless,
// still pass.
import { inflateSync, constants as zlibConstants } from 'node:zlib';

const HEADER_WINDOW = 1024;
// An xref stream dictionary is small, but /Index can be long in big files.
const DICT_WINDOW = 65536;

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** True when `%PDF-` occurs within the first 1024 bytes (where readers look for it). */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  return asBuffer(bytes).subarray(0, HEADER_WINDOW).indexOf('%PDF-', 0, 'latin1') !== -1;
}

/** True when the file has at least one usable trailer (see the comment at the top). */
export function hasUsableTrailer(bytes: Uint8Array): boolean {
  const buf = asBuffer(bytes);
  return hasClassicTrailer(buf) || hasDecodableXrefStream(buf);
}

function hasClassicTrailer(buf: Buffer): boolean {
  for (
    let at = buf.indexOf('trailer', 0, 'latin1');
    at !== -1;
    at = buf.indexOf('trailer', at + 7, 'latin1')
  ) {
    const window = buf.subarray(at + 7, at + 7 + 4096).toString('latin1');
    if (/^\s*<</.test(window) && /\/Root[\s/[<(]|\/Root\d/.test(window)) {
      return true;
    }
  }
  return false;
}

function hasDecodableXrefStream(buf: Buffer): boolean {
  for (
    let at = buf.indexOf('/XRef', 0, 'latin1');
    at !== -1;
    at = buf.indexOf('/XRef', at + 5, 'latin1')
  ) {
    const dictStart = buf.lastIndexOf('obj', at, 'latin1');
    const streamAt = buf.indexOf('stream', at, 'latin1');
    if (
      dictStart === -1 ||
      streamAt === -1 ||
      at - dictStart > DICT_WINDOW ||
      streamAt - at > DICT_WINDOW
    ) {
      continue;
    }
    const dict = buf.subarray(dictStart + 3, streamAt).toString('latin1');
    if (!/\/Type\s*\/XRef\b/.test(dict) || !/\/Root\b/.test(dict)) {
      continue;
    }
    const data = streamData(buf, dict, streamAt);
    if (data && decodes(data, filterNames(dict))) {
      return true;
    }
  }
  return false;
}

/** The raw bytes of a stream whose dictionary text is `dict` and keyword sits at `streamAt`. */
function streamData(buf: Buffer, dict: string, streamAt: number): Buffer | null {
  let start = streamAt + 'stream'.length;
  if (buf[start] === 0x0d) {
    start += 1;
  }
  if (buf[start] === 0x0a) {
    start += 1;
  }
  const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
  const length = direct?.[1] === undefined ? NaN : Number(direct[1]);
  if (Number.isFinite(length) && start + length <= buf.length) {
    return buf.subarray(start, start + length);
  }
  const end = buf.indexOf('endstream', start, 'latin1');
  return end === -1 ? null : buf.subarray(start, end);
}

function filterNames(dict: string): string[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/.exec(dict);
  return match?.[1] === undefined
    ? []
    : [...match[1].matchAll(/\/([^\s/[\]<>()]+)/g)].map((m) => m[1] ?? '');
}

/** Apply the filter chain; false only when a filter we know rejects the data. */
function decodes(data: Buffer, filters: string[]): boolean {
  let current: Buffer = data;
  for (const filter of filters) {
    const next = decodeOne(current, filter);
    if (next === undefined) {
      return true; // a filter we do not check: give the file the benefit of the doubt
    }
    if (next === null) {
      return false;
    }
    current = next;
  }
  return true;
}

function decodeOne(data: Buffer, filter: string): Buffer | null | undefined {
  switch (filter) {
    case 'FlateDecode':
    case 'Fl':
      try {
        // Sync flush tolerates a missing end-of-stream marker, as PDF readers do.
        return inflateSync(data, { finishFlush: zlibConstants.Z_SYNC_FLUSH });
      } catch {
        return null;
      }
    case 'ASCII85Decode':
    case 'A85':
      return decodeAscii85(data);
    case 'ASCIIHexDecode':
    case 'AHx':
      return decodeAsciiHex(data);
    default:
      return undefined;
  }
}

function isPdfWhitespace(byte: number): boolean {
  return (
    byte === 0x20 ||
    byte === 0x0a ||
    byte === 0x0d ||
    byte === 0x09 ||
    byte === 0x0c ||
    byte === 0x00
  );
}

/** ASCII base-85 (PDF 7.4.3); null on a character outside `!`..`u`, `z` or whitespace. */
export function decodeAscii85(data: Buffer): Buffer | null {
  const out: number[] = [];
  let group: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const c = data[i] ?? 0;
    if (c === 0x7e) {
      break; // '~' starts the '~>' end marker
    }
    if (isPdfWhitespace(c)) {
      continue;
    }
    if (c === 0x7a && group.length === 0) {
      out.push(0, 0, 0, 0); // 'z'
      continue;
    }
    if (c < 0x21 || c > 0x75) {
      return null;
    }
    group.push(c - 0x21);
    if (group.length === 5) {
      pushGroup(out, group, 4);
      group = [];
    }
  }
  if (group.length === 1) {
    return null;
  }
  if (group.length > 1) {
    const kept = group.length - 1;
    while (group.length < 5) {
      group.push(84);
    }
    pushGroup(out, group, kept);
  }
  return Buffer.from(out);
}

function pushGroup(out: number[], group: number[], keep: number): void {
  let value = 0;
  for (const digit of group) {
    value = value * 85 + digit;
  }
  const bytes = [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
  out.push(...bytes.slice(0, keep));
}

function decodeAsciiHex(data: Buffer): Buffer | null {
  const text = data.toString('latin1');
  const end = text.indexOf('>');
  const body = (end === -1 ? text : text.slice(0, end)).replace(/[\s\0]/g, '');
  if (!/^[0-9a-fA-F]*$/.test(body)) {
    return null;
  }
  return Buffer.from(body.length % 2 === 0 ? body : `${body}0`, 'hex');
}
