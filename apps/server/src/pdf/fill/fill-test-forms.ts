import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFString,
  decodePDFRawStream,
} from '@cantoo/pdf-lib';
import type { PDFCheckBox, PDFForm, PDFPage } from '@cantoo/pdf-lib';

// Test support only: small forms built with pdf-lib's own form API, and readers for what the
// fill engine wrote. The corpus test checks real files with independent tools.

export interface FormBuilder {
  doc: PDFDocument;
  form: PDFForm;
  page: PDFPage;
}

/** A one-page PDF with the fields `build` adds (pdf-lib draws their initial appearances). */
export async function buildForm(
  build: (builder: FormBuilder) => void | Promise<void>,
  save: (doc: PDFDocument) => Promise<Uint8Array> = (doc) => doc.save(),
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 800]);
  const form = doc.getForm();
  await build({ doc, form, page });
  return save(doc);
}

/** Renames a checkbox's on-state (in /AP /N and /D, /AS and /V) to the raw name `name`. */
export function renameOnState(checkBox: PDFCheckBox, name: PDFName): void {
  for (const widget of checkBox.acroField.getWidgets()) {
    const ap = widget.dict.lookup(PDFName.of('AP'), PDFDict);
    for (const key of ['N', 'D']) {
      const states = ap.lookupMaybe(PDFName.of(key), PDFDict);
      const on = states?.get(PDFName.of('Yes'));
      if (states && on) {
        states.delete(PDFName.of('Yes'));
        states.set(name, on);
      }
    }
  }
}

/** The document's terminal field dictionary named `name` (first match, via /Fields). */
export function fieldDict(doc: PDFDocument, name: string): PDFDict {
  const field = doc
    .getForm()
    .getFields()
    .find((candidate) => candidate.getName() === name);
  if (!field) {
    throw new Error(`no field ${name}`);
  }
  return field.acroField.dict;
}

/** /V of a field as text (names decoded byte-wise, strings as text, arrays joined). */
export function valueOf(dict: PDFDict): string | undefined {
  const value = dict.get(PDFName.of('V'));
  if (value instanceof PDFName) {
    return value.decodeText();
  }
  if (value instanceof PDFString || value instanceof PDFHexString) {
    return value.decodeText();
  }
  if (value instanceof PDFArray) {
    return value
      .asArray()
      .map((item) =>
        item instanceof PDFString || item instanceof PDFHexString ? item.decodeText() : '',
      )
      .join('|');
  }
  return undefined;
}

/** /AS of each widget of a field. */
export function appearanceStates(doc: PDFDocument, name: string): string[] {
  const field = doc
    .getForm()
    .getFields()
    .find((candidate) => candidate.getName() === name);
  return (field?.acroField.getWidgets() ?? []).map(
    (widget) => widget.dict.lookupMaybe(PDFName.of('AS'), PDFName)?.decodeText() ?? '',
  );
}

/** The decoded content of each widget's normal appearance of a field. */
export function appearanceContents(doc: PDFDocument, name: string): string[] {
  const field = doc
    .getForm()
    .getFields()
    .find((candidate) => candidate.getName() === name);
  return (field?.acroField.getWidgets() ?? []).map((widget) => {
    const ap = widget.dict.lookup(PDFName.of('AP'), PDFDict);
    const normal = ap.get(PDFName.of('N'));
    const stream = normal instanceof PDFRef ? doc.context.lookup(normal) : normal;
    if (!(stream instanceof PDFRawStream)) {
      return '';
    }
    return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  });
}

/** Names of the fonts embedded in a saved PDF (BaseFont of every Type0 font). */
export async function embeddedFontNames(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const names: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (
      object instanceof PDFDict &&
      object.get(PDFName.of('Subtype')) === PDFName.of('Type0') &&
      object.get(PDFName.of('BaseFont')) instanceof PDFName
    ) {
      names.push(object.lookup(PDFName.of('BaseFont'), PDFName).decodeText());
    }
  }
  return names;
}
