// Writing a filled form as the template's own bytes plus an incremental update (PDF 7.5.6):
// only the objects the fill changed or added, and a cross-reference section of the same kind
// as the template's newest one (a table after a table, a stream after a stream: a table
// appended to an xref-stream file made pdftk read back 25 of 162 values).
import {
  PDFArray,
  PDFDict,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import type { ObjectEncryption } from '../objects/pdf-encrypt-update.ts';
import { ObjectWriter } from '../objects/pdf-serialize.ts';
import { readXrefBase, type XrefBase } from '../objects/pdf-xref.ts';

/**
 * A template an update can be appended to: its bytes, their cross-reference chain and, for an
 * encrypted template, how to encrypt what the update writes.
 */
export interface IncrementalBase {
  readonly bytes: Uint8Array;
  readonly xref: XrefBase;
  readonly encryption: ObjectEncryption | null;
}

/**
 * The base for incremental fills of `bytes` (chain `xref`), parsed by pdf-lib into `parsed`;
 * null when the chain does not describe the same objects pdf-lib read, or the file is encrypted
 * and `encryption` cannot encrypt like it (then only a full rewrite is safe).
 */
export function incrementalBase(
  bytes: Uint8Array,
  xref: XrefBase,
  parsed: PDFContext,
  encryption: ObjectEncryption | null,
): IncrementalBase | null {
  if (parsed.trailerInfo.Root !== xref.root || (xref.encrypt === undefined) !== !encryption) {
    return null;
  }
  let reachable: Set<PDFRef> | undefined;
  for (const [ref] of parsed.enumerateIndirectObjects()) {
    const generation = xref.inUse.get(ref.objectNumber);
    if (generation === ref.generationNumber) {
      continue;
    }
    // An object the chain frees (or an xref stream) that pdf-lib still found in the bytes is
    // harmless while nothing reachable refers to it: no reader, nor the fill, ever looks at it.
    reachable ??= reachableFrom(parsed);
    if (generation !== undefined || reachable.has(ref)) {
      return null;
    }
  }
  return { bytes: bytes.slice(), xref, encryption };
}

/** The objects reachable from the trailer's /Root and /Info in pdf-lib's reading. */
function reachableFrom(context: PDFContext): Set<PDFRef> {
  const seen = new Set<PDFRef>();
  const pending: PDFObject[] = [context.trailerInfo.Root, context.trailerInfo.Info].filter(
    (object): object is PDFObject => object !== undefined,
  );
  for (let object = pending.pop(); object !== undefined; object = pending.pop()) {
    if (object instanceof PDFRef) {
      if (!seen.has(object)) {
        seen.add(object);
        const target = context.lookup(object);
        if (target !== undefined) {
          pending.push(target);
        }
      }
    } else if (object instanceof PDFDict) {
      pending.push(...entriesOf(object).values());
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    }
  }
  return seen;
}

function entriesOf(dict: PDFDict): Map<PDFObject, PDFObject> {
  return (dict as unknown as { dict: Map<PDFObject, PDFObject> }).dict;
}

function sameDict(a: PDFDict, b: PDFDict): boolean {
  const left = entriesOf(a);
  const right = entriesOf(b);
  if (left.size !== right.size) {
    return false;
  }
  // forEach, not for-of: no [key, value] array per entry.
  let same = true;
  left.forEach((value, key) => {
    if (same) {
      const other = right.get(key);
      same = other !== undefined && sameObject(value, other);
    }
  });
  return same;
}

/** Deep equality; the plan's copies share every immutable leaf, so most checks are identity. */
function sameObject(a: PDFObject, b: PDFObject): boolean {
  if (a === b) {
    return true;
  }
  if (a.constructor !== b.constructor) {
    return false;
  }
  if (a instanceof PDFDict) {
    return sameDict(a, b as PDFDict);
  }
  if (a instanceof PDFArray) {
    const other = b as PDFArray;
    if (a.size() !== other.size()) {
      return false;
    }
    for (let index = 0; index < a.size(); index += 1) {
      if (!sameObject(a.get(index), other.get(index))) {
        return false;
      }
    }
    return true;
  }
  if (a instanceof PDFRawStream) {
    const other = b as PDFRawStream;
    return a.contents === other.contents && sameDict(a.dict, other.dict);
  }
  if (a instanceof PDFStream) {
    return false; // Streams pdf-lib builds (appearances, fonts) are always new.
  }
  return a.toString() === b.toString();
}

/**
 * Of `candidates` (the objects of a fill's document, or those it looked up), the ones that are
 * new or differ from the template's (`pristine`), in object-number order.
 */
export function changedObjects(
  candidates: Array<[PDFRef, PDFObject]>,
  pristine: PDFContext,
): Array<[PDFRef, PDFObject]> {
  return candidates
    .filter(([ref, object]) => {
      const before = pristine.lookup(ref);
      return before === undefined || !sameObject(object, before);
    })
    .sort(([a], [b]) => a.objectNumber - b.objectNumber);
}

const encoder = new TextEncoder();
// Updates are written one at a time on a thread: one buffer serves them all.
const objectWriter = new ObjectWriter();

function trailerEntries(xref: XrefBase, size: number): string {
  return (
    `/Size ${size} /Root ${xref.root.toString()}` +
    (xref.info ? ` /Info ${xref.info.toString()}` : '') +
    (xref.id ? ` /ID ${xref.id.toString()}` : '') +
    (xref.encrypt ? ` /Encrypt ${xref.encrypt.ref.toString()}` : '') +
    ` /Prev ${xref.startXref}`
  );
}

/** Runs of consecutive object numbers: the subsections both xref kinds are made of. */
function runsOf(numbers: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const number of numbers) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === number) {
      last[1] += 1;
    } else {
      runs.push([number, 1]);
    }
  }
  return runs;
}

type Written = { number: number; generation: number; offset: number };

/**
 * The classic section after `written` (in object-number order, so its runs are in its order):
 * rows written as bytes, 20 each, ending in \r\n.
 */
function tableSection(
  writer: ObjectWriter,
  xref: XrefBase,
  written: Written[],
  at: number,
  size: number,
): void {
  writer.ascii('xref');
  let row = 0;
  for (const [first, count] of runsOf(written.map((entry) => entry.number))) {
    writer.ascii(`\n${first} ${count}`);
    for (let end = row + count; row < end; row += 1) {
      const entry = written[row];
      writer.ascii('\n');
      writer.padded(entry?.offset ?? 0, 10);
      writer.ascii(' ');
      writer.padded(entry?.generation ?? 0, 5);
      writer.ascii(' n\r');
    }
  }
  writer.ascii(`\ntrailer\n<< ${trailerEntries(xref, size)} >>\nstartxref\n${at}\n%%EOF\n`);
}

function byteWidth(value: number): number {
  let width = 1;
  while (value >= 256 ** width) {
    width += 1;
  }
  return width;
}

function streamSection(xref: XrefBase, written: Written[], at: number, size: number): Uint8Array {
  const entries = [...written, { number: size - 1, generation: 0, offset: at }];
  const offsetWidth = byteWidth(Math.max(...entries.map((entry) => entry.offset)));
  const generationWidth = byteWidth(Math.max(...entries.map((entry) => entry.generation)));
  const rowWidth = 1 + offsetWidth + generationWidth;
  const data = new Uint8Array(entries.length * rowWidth);
  entries.forEach((entry, row) => {
    let position = row * rowWidth;
    data[position++] = 1;
    for (let byte = offsetWidth - 1; byte >= 0; byte -= 1) {
      data[position++] = Math.floor(entry.offset / 256 ** byte) % 256;
    }
    for (let byte = generationWidth - 1; byte >= 0; byte -= 1) {
      data[position++] = Math.floor(entry.generation / 256 ** byte) % 256;
    }
  });
  const index = runsOf(entries.map((entry) => entry.number))
    .flat()
    .join(' ');
  const head = encoder.encode(
    `${size - 1} 0 obj\n<< /Type /XRef ${trailerEntries(xref, size)} /Index [${index}]` +
      ` /W [1 ${offsetWidth} ${generationWidth}] /Length ${data.byteLength} >>\nstream\n`,
  );
  const tail = encoder.encode(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`);
  const section = new Uint8Array(head.byteLength + data.byteLength + tail.byteLength);
  section.set(head, 0);
  section.set(data, head.byteLength);
  section.set(tail, head.byteLength + data.byteLength);
  return section;
}

/**
 * The base's bytes followed by an update holding `changed` (in object-number order, encrypted
 * like the base), with a cross-reference section of the base's kind whose trailer carries
 * /Root, /Info, /ID and /Encrypt and points back with /Prev.
 */
export function writeIncremental(
  base: IncrementalBase,
  plain: ReadonlyArray<readonly [PDFRef, PDFObject]>,
): Uint8Array {
  const { bytes, xref, encryption } = base;
  const changed = encryption
    ? plain.map(([ref, object]) => [ref, encryption(ref, object)] as const)
    : plain;
  const last = bytes[bytes.byteLength - 1];
  const separator = last === 0x0a || last === 0x0d ? '' : '\n';
  const writer = objectWriter;
  writer.reset();
  writer.ascii(separator);
  const written: Written[] = [];
  for (const [ref, object] of changed) {
    written.push({
      number: ref.objectNumber,
      generation: ref.generationNumber,
      offset: bytes.byteLength + writer.position,
    });
    writer.ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    writer.object(object);
    writer.ascii('\nendobj\n');
  }
  const at = bytes.byteLength + writer.position;
  let largest = xref.size - 1;
  for (const entry of written) {
    largest = Math.max(largest, entry.number);
  }
  if (xref.kind === 'table') {
    tableSection(writer, xref, written, at, largest + 1);
  } else {
    writer.bytes(streamSection(xref, written, at, largest + 2));
  }
  const update = writer.written();
  const output = new Uint8Array(bytes.byteLength + update.byteLength);
  output.set(bytes, 0);
  output.set(update, bytes.byteLength);
  return output;
}

/**
 * `base` followed by an update that only adds `objects` (nothing refers to them yet), as a base
 * of its own: fills that use them are appended to it, and their outputs still start with the
 * template's bytes. Null when the result does not read back as a clean chain.
 */
export function extendBase(
  base: IncrementalBase,
  objects: ReadonlyArray<readonly [PDFRef, PDFObject]>,
): IncrementalBase | null {
  const bytes = writeIncremental(base, objects);
  const xref = readXrefBase(bytes);
  return xref ? { bytes, xref, encryption: base.encryption } : null;
}
