import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFRef, PDFString, type PDFObject } from '@cantoo/pdf-lib';
import { writeIncremental } from '../src/pdf/fill/fill-incremental.ts';
import { readXrefBase } from '../src/pdf/objects/pdf-xref.ts';

// Templates made from corpus forms for cases the corpus lacks: here a file whose incremental
// update reuses object numbers, as editors that "save" by appending do.

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
  const dir = mkdtempSync(join(tmpdir(), 'formbridge-reused-'));
  let streamed: Uint8Array;
  try {
    writeFileSync(join(dir, 'in.pdf'), bytes);
    execFileSync('qpdf', ['--object-streams=generate', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
    streamed = new Uint8Array(readFileSync(join(dir, 'out.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
