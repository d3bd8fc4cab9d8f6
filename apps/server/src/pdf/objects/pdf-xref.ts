// Reading a file's cross-reference chain the way strict readers (qpdf, pdftk, Acrobat) do,
// to decide whether an incremental update can safely be appended to it.
//
// pdf-lib does not use the cross-reference data: it scans the file for objects. An update is
// only as good as the base it points back to, so a base qualifies only when its chain is clean:
// every in-use entry lands on the object it names, and every object pdf-lib parsed is one the
// chain lists. A hybrid section (a table whose trailer's /XRefStm names a stream listing the
// objects hidden from pre-1.5 readers) counts as the union of the two, table entries first.
// Anything else (broken offsets, junk before the header) is refused, and the fill writes the
// whole document instead. An encrypted file's chain is read too, with its /Encrypt dictionary
// as written (the caller decides whether it can encrypt an update the same way).
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFObjectParser,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { numbersOf, xrefStreamData } from './pdf-xref-stream.ts';

/** The cross-reference kind of a file's newest section. */
export type XrefKind = 'table' | 'stream';

/** What an incremental update needs from its base (read once per template). */
export interface XrefBase {
  readonly kind: XrefKind;
  /** Offset of the newest cross-reference section: the update's /Prev. */
  readonly startXref: number;
  /** The base's /Size: new objects are numbered from here. */
  readonly size: number;
  readonly root: PDFRef;
  readonly info: PDFRef | undefined;
  readonly id: PDFArray | undefined;
  /** In-use object numbers with their generation (object-stream members have 0). */
  readonly inUse: ReadonlyMap<number, number>;
  /** Where each in-use object stored at an offset of its own starts (not object-stream members). */
  readonly offsets: ReadonlyMap<number, number>;
  /** Each in-use object-stream member with the number of the stream that holds it. */
  readonly members: ReadonlyMap<number, number>;
  /** The newest trailer's /Encrypt (an indirect dictionary), read as stored: never decrypted. */
  readonly encrypt: { readonly ref: PDFRef; readonly dict: PDFDict } | undefined;
}

const MAX_SECTIONS = 256;
const OBJECT_HEADER = /^(\d+)\s+(\d+)\s+obj\b/;

function latin1(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(
    'latin1',
    start,
    Math.min(end, bytes.byteLength),
  );
}

/** The offset after the last `startxref`, or null when the tail has none. */
export function readStartXref(bytes: Uint8Array): number | null {
  const tail = latin1(bytes, Math.max(0, bytes.byteLength - 2048), bytes.byteLength);
  const at = tail.lastIndexOf('startxref');
  const match = at < 0 ? null : /^startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail.slice(at));
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** type 0 is free, 1 at `offset` in the file, 2 inside an object stream. */
type Entry = { number: number; type: 0 | 1 | 2; offset: number; generation: number };
type Section = { kind: XrefKind; trailer: PDFDict; entries: Entry[] };

function readTableSection(bytes: Uint8Array, offset: number, context: PDFContext): Section | null {
  const text = latin1(bytes, offset, bytes.byteLength);
  const head = /^xref\s+/y;
  if (!head.test(text)) {
    return null;
  }
  const entries: Entry[] = [];
  const subsection = /(\d+)\s+(\d+)\s+/y;
  const entry = /(\d{10})\s(\d{5})\s([nf])\s*/y;
  let position = head.lastIndex;
  for (;;) {
    subsection.lastIndex = position;
    const range = subsection.exec(text);
    if (!range) {
      break;
    }
    position = subsection.lastIndex;
    const first = Number(range[1]);
    for (let index = 0; index < Number(range[2]); index += 1) {
      entry.lastIndex = position;
      const row = entry.exec(text);
      if (!row) {
        return null;
      }
      position = entry.lastIndex;
      entries.push({
        number: first + index,
        type: row[3] === 'n' ? 1 : 0,
        offset: Number(row[1]),
        generation: Number(row[2]),
      });
    }
  }
  if (!text.startsWith('trailer', position)) {
    return null;
  }
  const trailer = parseObjectAt(bytes, offset + position + 'trailer'.length, context);
  return trailer instanceof PDFDict ? { kind: 'table', trailer, entries } : null;
}

function parseObjectAt(bytes: Uint8Array, offset: number, context: PDFContext): PDFObject {
  return PDFObjectParser.forBytes(bytes.subarray(offset), context).parseObject();
}

function readStreamSection(bytes: Uint8Array, offset: number, context: PDFContext): Section | null {
  const header = OBJECT_HEADER.exec(latin1(bytes, offset, offset + 40));
  if (!header) {
    return null;
  }
  const stream = parseObjectAt(bytes, offset + header[0].length, context);
  if (
    !(stream instanceof PDFRawStream) ||
    stream.dict.get(PDFName.of('Type')) !== PDFName.of('XRef')
  ) {
    return null;
  }
  const data = xrefStreamData(stream);
  const widths = numbersOf(stream.dict.get(PDFName.of('W')));
  const size = stream.dict.get(PDFName.of('Size'));
  const index = stream.dict.has(PDFName.of('Index'))
    ? numbersOf(stream.dict.get(PDFName.of('Index')))
    : size instanceof PDFNumber
      ? [0, size.asNumber()]
      : null;
  if (!data || widths?.length !== 3 || !index || index.length % 2 !== 0) {
    return null;
  }
  const [typeWidth = 0, offsetWidth = 0, generationWidth = 0] = widths;
  const read = (position: number, width: number): number => {
    let value = 0;
    for (let byte = 0; byte < width; byte += 1) {
      value = value * 256 + (data[position + byte] ?? 0);
    }
    return value;
  };
  const rowWidth = typeWidth + offsetWidth + generationWidth;
  const entries: Entry[] = [];
  let position = 0;
  for (let pair = 0; pair < index.length; pair += 2) {
    const first = index[pair] ?? 0;
    for (let number = first; number < first + (index[pair + 1] ?? 0); number += 1) {
      if (position + rowWidth > data.byteLength) {
        return null;
      }
      const type = typeWidth === 0 ? 1 : read(position, typeWidth);
      if (type > 2) {
        return null;
      }
      // Some writers list the xref stream itself at offset 0 (the pdf.js f1040's hidden one):
      // no object starts there, readers take it as absent (qpdf without a warning), so it is free.
      const self =
        number === Number(header[1]) && type === 1 && read(position + typeWidth, offsetWidth) === 0;
      entries.push({
        number,
        type: self ? 0 : (type as Entry['type']),
        offset: read(position + typeWidth, offsetWidth),
        generation: type === 1 ? read(position + typeWidth + offsetWidth, generationWidth) : 0,
      });
      position += rowWidth;
    }
  }
  return { kind: 'stream', trailer: stream.dict, entries };
}

/**
 * A hybrid section (PDF 7.5.8.4): the table's entries, then its /XRefStm stream's. Null when
 * the stream is unreadable or encrypted, or when it places an object the table lists otherwise:
 * readers differ on which wins (pdf.js keeps the table's free entry, qpdf takes the stream's), so
 * only a table and a stream that agree (or a free stream entry) leave every reader the same.
 */
function withHiddenObjects(
  bytes: Uint8Array,
  table: Section,
  at: PDFObject,
  context: PDFContext,
): Section | null {
  if (!(at instanceof PDFNumber) || at.asNumber() >= bytes.byteLength) {
    return null;
  }
  const stream = readStreamSection(bytes, at.asNumber(), context);
  if (!stream || stream.trailer.has(PDFName.of('Encrypt'))) {
    return null;
  }
  const listed = new Map(table.entries.map((entry) => [entry.number, entry]));
  for (const { number, type, offset, generation } of stream.entries) {
    const entry = listed.get(number);
    if (
      entry &&
      type !== 0 &&
      (type !== entry.type || offset !== entry.offset || generation !== entry.generation)
    ) {
      return null;
    }
  }
  return { kind: 'table', trailer: table.trailer, entries: [...table.entries, ...stream.entries] };
}

function readSection(bytes: Uint8Array, offset: number, context: PDFContext): Section | null {
  const table = readTableSection(bytes, offset, context);
  if (!table) {
    return readStreamSection(bytes, offset, context);
  }
  const hidden = table.trailer.get(PDFName.of('XRefStm'));
  return hidden === undefined ? table : withHiddenObjects(bytes, table, hidden, context);
}

/**
 * Reads the chain from the last `startxref` through every /Prev. Returns null when the file
 * cannot take an incremental update safely: unreadable sections (a hybrid section's stream
 * included), an in-use entry that does not land on its object, no /Root, or an /Encrypt that
 * is not an indirect dictionary stored at an offset of its own (all that writers produce).
 */
export function readXrefBase(bytes: Uint8Array): XrefBase | null {
  const startXref = readStartXref(bytes);
  if (startXref === null) {
    return null;
  }
  const context = PDFContext.create();
  const inUse = new Map<number, number>();
  const offsets = new Map<number, number>();
  const members = new Map<number, number>();
  const seen = new Set<number>();
  const visited = new Set<number>();
  let newest: Section | null = null;
  let encrypt: XrefBase['encrypt'];
  let offset: number | undefined = startXref;
  try {
    while (offset !== undefined) {
      if (visited.has(offset) || visited.size >= MAX_SECTIONS || offset >= bytes.byteLength) {
        return null;
      }
      visited.add(offset);
      const section: Section | null = readSection(bytes, offset, context);
      if (!section) {
        return null;
      }
      newest ??= section;
      // One encryption for the whole chain: every trailer names the newest one's dictionary.
      const encryptRef = newest.trailer.get(PDFName.of('Encrypt'));
      if (section.trailer.get(PDFName.of('Encrypt')) !== encryptRef) {
        return null;
      }
      for (const { number, type, offset: at, generation } of section.entries) {
        if (seen.has(number)) {
          continue; // A newer section decided this object.
        }
        seen.add(number);
        if (type === 1) {
          const header = OBJECT_HEADER.exec(latin1(bytes, at, at + 40));
          if (!header || Number(header[1]) !== number || Number(header[2]) !== generation) {
            return null;
          }
          inUse.set(number, generation);
          offsets.set(number, at);
          const isEncrypt = encryptRef instanceof PDFRef && encryptRef.objectNumber === number;
          if (isEncrypt && encryptRef.generationNumber === generation) {
            const dict = parseObjectAt(bytes, at + header[0].length, context);
            encrypt = dict instanceof PDFDict ? { ref: encryptRef, dict } : undefined;
          }
        } else if (type === 2) {
          inUse.set(number, 0);
          members.set(number, at);
        }
      }
      const prev = section.trailer.get(PDFName.of('Prev'));
      offset = prev instanceof PDFNumber ? prev.asNumber() : undefined;
    }
  } catch {
    return null;
  }
  if (!newest || (newest.trailer.has(PDFName.of('Encrypt')) && !encrypt)) {
    return null;
  }
  const base = baseFrom(newest, startXref, inUse);
  return base && { ...base, offsets, members, encrypt };
}

function baseFrom(
  newest: Section,
  startXref: number,
  inUse: Map<number, number>,
): Omit<XrefBase, 'encrypt' | 'offsets' | 'members'> | null {
  const { trailer } = newest;
  const size = trailer.get(PDFName.of('Size'));
  const root = trailer.get(PDFName.of('Root'));
  const info = trailer.get(PDFName.of('Info'));
  const id = trailer.get(PDFName.of('ID'));
  if (!(size instanceof PDFNumber) || !(root instanceof PDFRef)) {
    return null;
  }
  if ([...inUse.keys()].some((number) => number >= size.asNumber())) {
    return null;
  }
  return {
    kind: newest.kind,
    startXref,
    size: size.asNumber(),
    root,
    info: info instanceof PDFRef ? info : undefined,
    id: id instanceof PDFArray ? id : undefined,
    inUse,
  };
}
