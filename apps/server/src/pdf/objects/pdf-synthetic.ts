// Test support only: small PDFs built with @cantoo/pdf-lib for the detection and repair tests,
// so each edge case (rotation, offsets, orphans, loops, encryption, XFA) has an exact expectation.
import {
  degrees,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFRadioGroup,
  PDFRef,
  PDFString,
  StandardFonts,
} from '@cantoo/pdf-lib';

/** Catalog /AcroForm /Fields of a document built here (always present after getForm()). */
export function acroFields(doc: PDFDocument): PDFArray {
  const acroForm = doc.catalog.lookup(PDFName.of('AcroForm'), PDFDict);
  return acroForm.lookup(PDFName.of('Fields'), PDFArray);
}

/** Remove the field whose /T is `name` from /AcroForm /Fields, leaving its widget on the page. */
export function orphanField(doc: PDFDocument, name: string): void {
  const fields = acroFields(doc);
  const index = fields.asArray().findIndex((ref) => {
    const dict = doc.context.lookup(ref);
    const t = dict instanceof PDFDict ? dict.lookup(PDFName.of('T')) : undefined;
    return (t instanceof PDFString || t instanceof PDFHexString) && t.decodeText() === name;
  });
  if (index === -1) {
    throw new Error(`no top-level field ${name}`);
  }
  fields.remove(index);
}

/**
 * One page of every field type. Page: MediaBox [50 100 450 400], CropBox [60 110 440 390],
 * /Rotate `rotate`. Fields (user space x, y, w, h; no border, so /Rect is exact): `person.name`
 * text 100 200 100 30 with tooltip, default and the label "Full name" printed left of it, `agree` checkbox 100 150 12 12, `colour` radio 100/130 100 12 12
 * (options red, blue), `country` dropdown 250 200 100 20, `pets` list 250 120 100 40.
 */
export async function buildAllTypesForm(rotate = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  page.setMediaBox(50, 100, 400, 300);
  page.setCropBox(60, 110, 380, 280);
  page.setRotation(degrees(rotate));
  page.drawText('Full name', { x: 62, y: 208, size: 8, font });
  const form = doc.getForm();

  const name = form.createTextField('person.name');
  name.enableMultiline();
  name.setMaxLength(40);
  name.enableRequired();
  name.setText('Ada');
  name.addToPage(page, { x: 100, y: 200, width: 100, height: 30, font, borderWidth: 0 });
  // pdfjs reads /TU from the widget dictionary only (see detect-fields.ts).
  name.acroField.getWidgets()[0]?.dict.set(PDFName.of('TU'), PDFString.of('Your full name'));
  name.acroField.dict.set(PDFName.of('DV'), PDFString.of('Ada'));

  const agree = form.createCheckBox('agree');
  agree.addToPage(page, { x: 100, y: 150, width: 12, height: 12, borderWidth: 0 });
  agree.enableReadOnly();

  const colour = form.createRadioGroup('colour');
  colour.addOptionToPage('red', page, { x: 100, y: 130, width: 12, height: 12, borderWidth: 0 });
  colour.addOptionToPage('blue', page, { x: 130, y: 130, width: 12, height: 12, borderWidth: 0 });

  const country = form.createDropdown('country');
  country.setOptions(['France', 'Japan']);
  country.addToPage(page, { x: 250, y: 200, width: 100, height: 20, font, borderWidth: 0 });

  const pets = form.createOptionList('pets');
  pets.setOptions(['cat', 'dog']);
  pets.addToPage(page, { x: 250, y: 120, width: 100, height: 40, font, borderWidth: 0 });

  return doc.save({ useObjectStreams: false });
}

/** A two-page form with text fields `a` and `b`; `b` is then cut out of /AcroForm /Fields. */
export async function buildOrphanForm(
  options: { dropAcroForm?: boolean } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  const pages = [doc.addPage([300, 300]), doc.addPage([300, 300])];
  const a = form.createTextField('a');
  a.addToPage(pages[0] ?? doc.addPage(), { x: 20, y: 20, width: 100, height: 20, font });
  const b = form.createTextField('b');
  b.addToPage(pages[1] ?? doc.addPage(), { x: 20, y: 60, width: 100, height: 20, font });
  if (options.dropAcroForm) {
    doc.catalog.delete(PDFName.of('AcroForm'));
  } else {
    orphanField(doc, 'b');
  }
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/**
 * Broken structure: field `loop` lists itself in its /Kids next to its real widget, field
 * `selfparent` is its own /Parent, and the widget of `shared` is also on page 2's /Annots.
 */
export async function buildLoopedForm(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  const [p1, p2] = [doc.addPage([300, 300]), doc.addPage([300, 300])];
  const loop = form.createTextField('loop.kid');
  loop.addToPage(p1, { x: 20, y: 20, width: 100, height: 20, font });
  const shared = form.createTextField('shared');
  shared.addToPage(p1, { x: 20, y: 200, width: 100, height: 20, font });
  const selfParent = form.createTextField('selfparent');
  selfParent.addToPage(p1, { x: 20, y: 100, width: 100, height: 20, font });

  const loopParent = loop.acroField.getParent();
  const loopParentRef = loopParent ? doc.context.getObjectRef(loopParent.dict) : undefined;
  if (!loopParent || !loopParentRef) {
    throw new Error('expected a parent node for loop.kid');
  }
  loopParent.dict.lookup(PDFName.of('Kids'), PDFArray).push(loopParentRef);
  selfParent.acroField.dict.set(PDFName.of('Parent'), selfParent.acroField.ref);
  const sharedWidget = shared.acroField.getWidgets()[0];
  const sharedRef = sharedWidget ? doc.context.getObjectRef(sharedWidget.dict) : undefined;
  if (!(sharedRef instanceof PDFRef)) {
    throw new Error('expected an indirect widget');
  }
  p2.node.addAnnot(sharedRef);
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/** A form whose /AcroForm carries an XFA stream and no fields or widgets (dynamic XFA only). */
export async function buildXfaOnly(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]);
  const xfa = doc.context.stream(
    '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template/></xdp:xdp>',
  );
  const acroForm = doc.context.obj({ Fields: [], XFA: doc.context.register(xfa) });
  doc.catalog.set(PDFName.of('AcroForm'), doc.context.register(acroForm));
  doc.catalog.set(PDFName.of('NeedsRendering'), doc.context.obj(true));
  return doc.save({ useObjectStreams: false });
}

/** Re-save `bytes` encrypted: with a user password (needs one to open) or owner password only. */
export async function encrypt(bytes: Uint8Array, userPassword: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  doc.encrypt({ userPassword, ownerPassword: 'owner-secret' });
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/** UTF-8 bytes of `text`, one char per byte: how pdf-lib names hold raw bytes. */
export function utf8NameText(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

/** Renames the on-states of a pdf-lib radio group ("0", "1", … behind /Opt) to `labels` in UTF-8. */
function renameRadioStates(group: PDFRadioGroup, labels: readonly string[]): void {
  group.acroField.dict.delete(PDFName.of('Opt'));
  group.acroField.getWidgets().forEach((widget, index) => {
    const ap = widget.dict.lookup(PDFName.of('AP'), PDFDict);
    for (const key of ['N', 'D']) {
      const states = ap.lookupMaybe(PDFName.of(key), PDFDict);
      const on = states?.get(PDFName.of(String(index)));
      if (states && on) {
        states.delete(PDFName.of(String(index)));
        states.set(PDFName.of(utf8NameText(labels[index] ?? '')), on);
      }
    }
  });
}

/**
 * A radio group `gender` whose state names are the UTF-8 bytes of `labels`, written as escapes
 * (`/#E5#A5#B3…`, or in lower case `/#e5#a5#b3…` as pdfcpu writes them), plus a dropdown
 * `gender_choice` offering the same words as text.
 */
export async function buildEscapedOptionsForm(
  labels: readonly string[],
  escapes: 'upper' | 'lower' = 'upper',
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  const form = doc.getForm();
  const gender = form.createRadioGroup('gender');
  labels.forEach((_label, index) => {
    const box = { x: 20 + index * 40, y: 200, width: 12, height: 12, borderWidth: 0 };
    gender.addOptionToPage(`option ${index}`, page, box);
  });
  renameRadioStates(gender, labels);
  const choice = form.createDropdown('gender_choice');
  choice.setOptions([...labels]);
  choice.addToPage(page, { x: 20, y: 100, width: 100, height: 20, font, borderWidth: 0 });
  // No appearances from pdf-lib: its standard font cannot draw CJK (the fill embeds its own).
  const bytes = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  if (escapes === 'upper') {
    return bytes;
  }
  // Same length, so the cross-reference offsets stay right.
  const text = Buffer.from(bytes)
    .toString('latin1')
    .replace(/\/(?:#[0-9A-F]{2})+/g, (name) => name.toLowerCase());
  return new Uint8Array(Buffer.from(text, 'latin1'));
}
