import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRef,
  PDFString,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { writeIncremental } from '../src/pdf/fill/fill-incremental.ts';
import { readXrefBase } from '../src/pdf/objects/pdf-xref.ts';

// Templates made from corpus forms for cases the corpus lacks: here a file whose incremental
// update reuses object numbers, as editors that "save" by appending do.

/** `bytes` rewritten by qpdf with object streams (an xref-stream file). */
function withObjectStreams(bytes: Uint8Array): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'formbridge-objstm-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), bytes);
    const args = ['--object-streams=generate', join(dir, 'in.pdf'), join(dir, 'out.pdf')];
    // Exit 3: written with warnings (the repeated keys it drops).
    const { status } = spawnSync('qpdf', args);
    if (status !== 0 && status !== 3) {
      throw new Error(`qpdf --object-streams=generate failed (exit ${status})`);
    }
    return new Uint8Array(readFileSync(join(dir, 'out.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `bytes` rewritten by qpdf with object streams (an xref-stream file), then an incremental
 * update that (a) gives the "on" appearance of up to `limit` checkbox widgets a new generation
 * of the same object number (`12 1 obj` beside the object stream's `12 0`), and (b) redefines
 * each of those widgets under its own number and generation. Returns the new file and the
 * names of the checkbox fields whose widgets were moved.
 */
export async function reusedNumbersTemplate(
  bytes: Uint8Array,
  limit: number,
): Promise<{ bytes: Uint8Array; checkboxes: string[] }> {
  const streamed = withObjectStreams(bytes);
  const xref = readXrefBase(streamed);
  if (!xref) {
    throw new Error('qpdf wrote a chain the reader does not accept');
  }
  const doc = await PDFDocument.load(streamed, { updateMetadata: false });
  const { context } = doc;
  const update: Array<[PDFRef, PDFObject]> = [];
  const checkboxes: string[] = [];
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (checkboxes.length >= limit || !(object instanceof PDFDict)) {
      continue;
    }
    const name = object.lookup(PDFName.of('T'));
    const appearances = object.lookup(PDFName.of('AP'));
    const normal = appearances instanceof PDFDict ? appearances.lookup(PDFName.of('N')) : null;
    if (
      object.get(PDFName.of('FT')) !== PDFName.of('Btn') ||
      !(name instanceof PDFString) ||
      !(appearances instanceof PDFDict) ||
      !(normal instanceof PDFDict) ||
      appearances.get(PDFName.of('N')) instanceof PDFRef
    ) {
      continue;
    }
    const states = normal.clone(context);
    for (const [state, stream] of normal.entries()) {
      if (state !== PDFName.of('Off') && stream instanceof PDFRef) {
        const bumped = PDFRef.of(stream.objectNumber, stream.generationNumber + 1);
        update.push([bumped, context.lookup(stream) as PDFObject]);
        states.set(state, bumped);
      }
    }
    const redefined = object.clone(context);
    const moved = appearances.clone(context);
    moved.set(PDFName.of('N'), states);
    redefined.set(PDFName.of('AP'), moved);
    redefined.set(PDFName.of('TU'), PDFString.of('redefined by an incremental update'));
    update.push([ref, redefined]);
    checkboxes.push(name.decodeText());
  }
  update.sort(([a], [b]) => a.objectNumber - b.objectNumber);
  return {
    bytes: writeIncremental({ bytes: streamed, xref, encryption: null }, update),
    checkboxes,
  };
}

/**
 * `bytes` with the on-states of field `name` renamed by `rename` (appearance keys, /AS, /V; in
 * PDF name syntax, undefined keeps a state), as producers that escape names badly write them:
 * the name's bytes hold `#20` or `\040` as text.
 */
export async function renamedStatesTemplate(
  bytes: Uint8Array,
  name: string,
  rename: (state: string) => string | undefined,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const field = doc.getForm().getField(name);
  const dicts = [
    field.acroField.dict,
    ...field.acroField.getWidgets().map((widget) => widget.dict),
  ];
  // pdf-lib decodes `#xx` in the names it is given and writes `#` unescaped, so a `#` the bytes
  // must keep is written as `~` and put back in the saved file (same length: offsets hold).
  const raw = new Set<string>();
  const renamed = (object: PDFObject | undefined): PDFObject | undefined => {
    const name = object instanceof PDFName ? rename(object.decodeText()) : undefined;
    if (name === undefined) {
      return object;
    }
    raw.add(name);
    return PDFName.of(name.replaceAll('#', '~'));
  };
  for (const dict of dicts) {
    for (const key of ['AS', 'V']) {
      const value = renamed(dict.get(PDFName.of(key)));
      if (value) {
        dict.set(PDFName.of(key), value);
      }
    }
    const appearances = dict.lookup(PDFName.of('AP'));
    for (const kind of ['N', 'D']) {
      const states = appearances instanceof PDFDict ? appearances.lookup(PDFName.of(kind)) : null;
      if (!(states instanceof PDFDict)) {
        continue;
      }
      for (const [state, stream] of states.entries()) {
        states.delete(state);
        states.set(renamed(state) as PDFName, stream);
      }
    }
  }
  let text = Buffer.from(
    await doc.save({ updateFieldAppearances: false, useObjectStreams: false }),
  ).toString('latin1');
  for (const name of raw) {
    text = text.replaceAll(`/${name.replaceAll('#', '~')}`, `/${name}`);
  }
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

/**
 * `bytes` rewritten by qpdf with object streams, then an update whose own object stream holds
 * up to `limit` widgets (of the stream's members) again, each naming /F twice: qpdf rewrites a
 * dictionary with its last occurrence only, so a template with repeated keys inside an object
 * stream has to be written by hand. Returns the file and the widgets' field names.
 */
export async function repeatedKeysInStreamTemplate(
  bytes: Uint8Array,
  limit: number,
): Promise<{ bytes: Uint8Array; fields: string[] }> {
  const streamed = withObjectStreams(bytes);
  const xref = readXrefBase(streamed);
  if (!xref) {
    throw new Error('qpdf wrote a chain the reader does not accept');
  }
  const doc = await PDFDocument.load(streamed, { updateMetadata: false });
  const members: Array<[number, string]> = [];
  const fields: string[] = [];
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    const name = object instanceof PDFDict ? object.lookup(PDFName.of('T')) : undefined;
    if (
      members.length < limit &&
      object instanceof PDFDict &&
      object.get(PDFName.of('Subtype')) === PDFName.of('Widget') &&
      object.has(PDFName.of('F')) &&
      (name instanceof PDFString || name instanceof PDFHexString) &&
      xref.members.has(ref.objectNumber)
    ) {
      members.push([ref.objectNumber, object.toString().replace(/^<</, '<< /F 4')]);
      fields.push(name.decodeText());
    }
  }
  members.sort(([a], [b]) => a - b);
  let header = '';
  let body = '';
  for (const [number, text] of members) {
    header += `${number} ${body.length} `;
    body += `${text}\n`;
  }
  const [stream, xrefNumber] = [xref.size, xref.size + 1];
  const data = `${header}\n${body}`;
  let update = `\n${stream} 0 obj\n<< /Type /ObjStm /N ${members.length} /First ${header.length + 1} /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj\n`;
  const streamAt = streamed.byteLength + 1;
  const xrefAt = streamed.byteLength + update.length;
  // Rows of /W [1 4 2]: type, then the stream and index (type 2) or the offset (type 1).
  const row = (type: number, field: number, index: number) =>
    String.fromCharCode(
      type,
      ...[24, 16, 8, 0].map((shift) => (field >>> shift) & 255),
      index >> 8,
      index & 255,
    );
  const rows = [
    ...members.map(([number], index) => [number, row(2, stream, index)] as const),
    [stream, row(1, streamAt, 0)] as const,
    [xrefNumber, row(1, xrefAt, 0)] as const,
  ];
  const trailer = [
    `/Size ${xrefNumber + 1} /Prev ${xref.startXref} /Root ${xref.root.toString()}`,
    xref.info ? `/Info ${xref.info.toString()}` : '',
    xref.id ? `/ID ${xref.id.toString()}` : '',
  ].join(' ');
  const rowData = rows.map(([, text]) => text).join('');
  update += `${xrefNumber} 0 obj\n<< /Type /XRef /W [1 4 2] /Index [${rows.map(([number]) => `${number} 1`).join(' ')}] ${trailer} /Length ${rowData.length} >>\nstream\n${rowData}\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`;
  return { bytes: Buffer.concat([streamed, Buffer.from(update, 'latin1')]), fields };
}
