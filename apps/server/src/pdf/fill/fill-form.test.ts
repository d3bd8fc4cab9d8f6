import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { hasTool, pdftkFields, popplerText } from '../../../test/pdf-oracles.ts';
import { PdfFillError, fillForm, planTemplate } from './fill-form.ts';
import { appearanceContents, buildForm, fieldDict, valueOf } from './fill-test-forms.ts';

// Document-level behaviour: unknown and unfillable fields, flattening, encryption, repairs.

async function simpleForm(): Promise<Uint8Array> {
  return buildForm(({ doc, form, page }) => {
    form.createTextField('name').addToPage(page, { x: 20, y: 700, width: 200, height: 20 });
    const kept = form.createTextField('kept');
    kept.setText('prefilled');
    kept.addToPage(page, { x: 20, y: 660, width: 200, height: 20 });
    form.createButton('submit').addToPage('Submit', page, { x: 20, y: 600, width: 80, height: 20 });
    const signature = doc.context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      T: PDFString.of('signature'),
      Rect: [20, 500, 220, 540],
      P: page.ref,
    });
    const ref = doc.context.register(signature);
    page.node.addAnnot(ref);
    form.acroForm.addField(ref);
  });
}

describe('fillForm', () => {
  it('reports fields it cannot find or fill, and keeps unmapped values', async () => {
    const { bytes, report } = await fillForm(await simpleForm(), {
      name: 'Zoë',
      missing: 'x',
      submit: 'press',
      signature: 'Zoë',
    });
    expect(report.fields.map((entry) => [entry.field, entry.problems])).toEqual([
      ['name', []],
      ['missing', ['field not found in the PDF; "x" was not written']],
      ['submit', []],
      ['signature', []],
    ]);
    expect(report.fields[2]).toMatchObject({
      value_written: null,
      skipped: true,
      notes: ['push button skipped: "press" was not written (a button takes no value)'],
    });
    expect(report.fields[3]).toMatchObject({
      value_written: null,
      skipped: true,
      notes: ['signature field skipped: "Zoë" was not written (sign the PDF itself to fill it)'],
    });
    const doc = await PDFDocument.load(bytes);
    expect(valueOf(fieldDict(doc, 'kept'))).toBe('prefilled');
  });

  it('matches field names case-insensitively when the match is unique', async () => {
    const { report } = await fillForm(await simpleForm(), { NAME: 'Zoë' });
    expect(report.fields[0]?.problems).toEqual([]);
  });

  it('flattens: no form left, the text is page content', async () => {
    const { bytes } = await fillForm(
      await simpleForm(),
      { name: 'Иван Петров' },
      { flatten: true },
    );
    const doc = await PDFDocument.load(bytes);
    expect(doc.catalog.has(PDFName.of('AcroForm'))).toBe(false);
    expect(doc.getPage(0).node.Annots()).toBeUndefined();
    if (hasTool('pdftotext') && hasTool('pdftk')) {
      expect(popplerText(bytes)).toContain('Иван Петров');
      expect(popplerText(bytes)).toContain('prefilled');
      expect(pdftkFields(bytes).size).toBe(0);
    }
  });

  it('refuses files that need a real password, and files that are not PDFs', async () => {
    const locked = await buildForm(
      () => undefined,
      async (doc) => {
        doc.encrypt({ userPassword: 'user-secret', ownerPassword: 'owner-secret' });
        return doc.save();
      },
    );
    await expect(fillForm(locked, {})).rejects.toThrow(PdfFillError);
    await expect(fillForm(new TextEncoder().encode('not a pdf'), {})).rejects.toThrow(PdfFillError);
  });

  it('adopts widgets missing from /Fields and creates a missing /AcroForm', async () => {
    const orphaned = await buildForm(
      ({ form, page }) =>
        form.createTextField('orphan').addToPage(page, { x: 20, y: 700, width: 200, height: 20 }),
      async (doc) => {
        doc.catalog.delete(PDFName.of('AcroForm'));
        return doc.save({ updateFieldAppearances: false });
      },
    );
    const { bytes, report } = await fillForm(orphaned, { orphan: 'found' });
    expect(report.fields[0]?.problems).toEqual([]);
    expect(report.notes).toContain("added 1 page widget(s) missing from the form's field tree");
    const doc = await PDFDocument.load(bytes);
    expect(valueOf(fieldDict(doc, 'orphan'))).toBe('found');
    // Every record from one plan is repaired the same way, not only the first.
    const plan = await planTemplate(orphaned);
    for (const value of ['first', 'second']) {
      const filled = await fillForm(plan, { orphan: value });
      expect(filled.report.notes).toEqual(report.notes);
      expect(valueOf(fieldDict(await PDFDocument.load(filled.bytes), 'orphan'))).toBe(value);
    }
  });

  it('fills every field that shares a name', async () => {
    const twins = await buildForm(({ form, page }) => {
      form.createTextField('twin').addToPage(page, { x: 20, y: 700, width: 200, height: 20 });
      const other = form.createTextField('other');
      other.addToPage(page, { x: 20, y: 660, width: 200, height: 20 });
      other.acroField.dict.set(PDFName.of('T'), PDFString.of('twin'));
    });
    const { bytes, report } = await fillForm(twins, { twin: 'both' });
    expect(report.fields[0]?.problems).toEqual([]);
    const doc = await PDFDocument.load(bytes);
    const fields = doc.context.lookup(
      doc.getForm().acroForm.dict.get(PDFName.of('Fields')),
      PDFArray,
    );
    const values = fields.asArray().map((ref) => valueOf(doc.context.lookup(ref, PDFDict)));
    expect(values).toEqual(['both', 'both']);
  });

  it('removes XFA and draws prefilled values the file left to NeedAppearances', async () => {
    const hybrid = await buildForm(
      ({ form, page }) => {
        form.createTextField('name').addToPage(page, { x: 20, y: 700, width: 200, height: 20 });
        form.createTextField('legacy').addToPage(page, { x: 20, y: 660, width: 200, height: 20 });
      },
      async (doc) => {
        fieldDict(doc, 'legacy').set(PDFName.of('V'), PDFString.of('old value'));
        // pdf-lib drops XFA whenever it touches the form, so add it on a reloaded copy.
        const copy = await PDFDocument.load(await doc.save({ updateFieldAppearances: false }), {
          preserveXFA: true,
        });
        const acroForm = copy.catalog.lookup(PDFName.of('AcroForm'), PDFDict);
        acroForm.set(
          PDFName.of('XFA'),
          copy.context.obj([PDFString.of('template'), copy.context.obj({})]),
        );
        acroForm.set(PDFName.of('NeedAppearances'), copy.context.obj(true));
        return copy.save({ updateFieldAppearances: false });
      },
    );
    const { bytes, report } = await fillForm(hybrid, { name: 'new' });
    expect(report.notes).toContain('removed the XFA form so viewers show the AcroForm values');
    const doc = await PDFDocument.load(bytes);
    const acroForm = doc.getForm().acroForm.dict;
    expect(acroForm.has(PDFName.of('XFA'))).toBe(false);
    expect(acroForm.has(PDFName.of('NeedAppearances'))).toBe(false);
    expect(appearanceContents(doc, 'legacy')[0]).toMatch(/FbDejaVu/);
  });
});
