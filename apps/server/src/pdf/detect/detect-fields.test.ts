import { describe, expect, it } from 'vitest';
import { detectFields } from './detect-fields.ts';
import { PdfInputError } from './detect-errors.ts';
import {
  buildAllTypesForm,
  buildLoopedForm,
  buildOrphanForm,
  buildXfaOnly,
  encrypt,
} from '../objects/pdf-synthetic.ts';
import { PDFDocument } from '@cantoo/pdf-lib';

async function reason(bytes: Uint8Array): Promise<string> {
  try {
    await detectFields(bytes);
    return 'no error';
  } catch (error) {
    return error instanceof PdfInputError
      ? `${error.reason}: ${error.message}`
      : `crash: ${String(error)}`;
  }
}

describe('detectFields on a form with every field type', () => {
  it('reports types, geometry from the CropBox corner and field properties', async () => {
    const result = await detectFields(await buildAllTypesForm(0));
    expect(result.page_count).toBe(1);
    expect(result.pages).toEqual([{ width: 380, height: 280 }]);
    expect(result.fields['person.name']).toEqual({
      type: 'text',
      page: 0,
      rect: [40, 160, 140, 190],
      widgets: [{ page: 0, rect: [40, 160, 140, 190] }],
      multiline: true,
      max_length: 40,
      required: true,
      tooltip: 'Your full name',
      default_value: 'Ada',
      label: 'Full name',
      label_position: 'left',
      label_candidates: [{ text: 'Full name', position: 'left' }],
    });
    expect(result.fields.agree).toMatchObject({
      type: 'checkbox',
      rect: [40, 228, 52, 240],
      read_only: true,
      widgets: [{ page: 0, rect: [40, 228, 52, 240], on_value: 'Yes' }],
      options: [{ value: 'Yes', label: 'Yes' }],
    });
    expect(result.fields.colour).toMatchObject({
      type: 'radio',
      widgets: [
        { page: 0, rect: [40, 248, 52, 260], on_value: 'red' },
        { page: 0, rect: [70, 248, 82, 260], on_value: 'blue' },
      ],
      options: [
        { value: 'red', label: 'red' },
        { value: 'blue', label: 'blue' },
      ],
    });
    expect(result.fields.country).toMatchObject({
      type: 'dropdown',
      options: [
        { value: 'France', label: 'France' },
        { value: 'Japan', label: 'Japan' },
      ],
    });
    expect(result.fields.pets).toMatchObject({ type: 'list', rect: [190, 230, 290, 270] });
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it.each([
    [90, [90, 40, 120, 140], { width: 280, height: 380 }],
    [180, [240, 90, 340, 120], { width: 380, height: 280 }],
    [270, [160, 240, 190, 340], { width: 280, height: 380 }],
  ] as const)('applies /Rotate %i to rects and page size', async (rotate, rect, size) => {
    const result = await detectFields(await buildAllTypesForm(rotate));
    expect(result.pages).toEqual([size]);
    expect(result.fields['person.name']?.rect).toEqual(rect);
  });

  it('leaves the caller’s buffer intact', async () => {
    const bytes = await buildAllTypesForm(0);
    const before = bytes.byteLength;
    await detectFields(bytes);
    expect(bytes.byteLength).toBe(before);
    expect(Object.keys((await detectFields(bytes)).fields)).toHaveLength(5);
  });
});

describe('detectFields on broken field trees', () => {
  it('finds widgets missing from /AcroForm /Fields and widgets without any /AcroForm', async () => {
    for (const bytes of [await buildOrphanForm(), await buildOrphanForm({ dropAcroForm: true })]) {
      const { fields } = await detectFields(bytes);
      expect(Object.keys(fields).sort()).toEqual(['a', 'b']);
      expect(fields.b).toMatchObject({ type: 'text', page: 1 });
    }
  });

  it('survives /Kids and /Parent loops and lists a widget shared by two pages on both', async () => {
    const { fields } = await detectFields(await buildLoopedForm());
    expect(Object.keys(fields).sort()).toEqual(['loop.kid', 'selfparent', 'shared']);
    expect(fields.shared?.widgets.map((w) => w.page)).toEqual([0, 1]);
  });
});

describe('detectFields input classification', () => {
  it('rejects empty files and non-PDF content as not a valid PDF', async () => {
    expect(await reason(new Uint8Array())).toBe('not_pdf: The file is not a valid PDF');
    expect(await reason(new TextEncoder().encode('hello, this is text'))).toMatch(/^not_pdf:/);
  });

  it('rejects damaged PDFs with the same message', async () => {
    const good = await buildAllTypesForm(0);
    expect(await reason(good.slice(0, 600))).toBe('damaged: The file is not a valid PDF');
    expect(await reason(new TextEncoder().encode('%PDF-1.7\n%garbage without objects\n'))).toMatch(
      /^damaged:/,
    );
  });

  it('rejects PDFs that need a user password', async () => {
    const locked = await encrypt(await buildAllTypesForm(0), 'secret');
    expect(await reason(locked)).toBe('password: This PDF is password-protected');
  });

  it('rejects XFA-only forms with advice to re-save as AcroForm', async () => {
    const message = await reason(await buildXfaOnly());
    expect(message).toMatch(/^xfa_only:/);
    expect(message).toMatch(/AcroForm/);
  });

  it('gives up with PdfInputError instead of hanging when out of time, and recovers', async () => {
    const bytes = await buildAllTypesForm(0);
    expect(await detectFields(bytes, { timeoutMs: 0 }).catch((e: unknown) => e)).toBeInstanceOf(
      PdfInputError,
    );
    const results = await Promise.all(
      [0, 90, 180, 270].map(async (r) => detectFields(await buildAllTypesForm(r))),
    );
    expect(results.map((r) => Object.keys(r.fields).length)).toEqual([5, 5, 5, 5]);
  });

  it("stores whose block each field outside the record's own sits in", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 300]);
    const form = doc.getForm();
    const box = (name: string, y: number) =>
      form.createTextField(name).addToPage(page, { x: 150, y, width: 200, height: 14 });
    box('applicant_name', 260);
    box('Street address', 230);
    box('Street address_2', 200);
    box('witness_name', 100);
    const { fields } = await detectFields(await doc.save());
    expect(fields.applicant_name?.region).toBeUndefined();
    expect(fields['Street address']?.region).toBeUndefined();
    expect(fields['Street address_2']?.region).toEqual({
      owner: 'other-copy',
      label: 'copy 2 of a block on the same page',
      evidence: 'structure',
    });
    expect(fields.witness_name?.region).toEqual({
      owner: 'witness',
      label: 'Witness',
      evidence: 'own',
    });
  });

  it('returns no fields for a PDF without a form', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 100]);
    expect(await detectFields(await doc.save())).toEqual({
      fields: {},
      page_count: 1,
      pages: [{ width: 200, height: 100 }],
    });
  });
});
