import { PDFDocument, PDFHexString, PDFName, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  hasTool,
  ORACLE_TEST_TIMEOUT_MS,
  pdftkFields,
  qpdfCheck,
  qpdfDecrypted,
  qpdfEncryption,
} from '../../../test/pdf-oracles.ts';
import { mergePdfs } from '../../lib/pdf-fill/merge-pdfs.ts';
import { fillForm } from '../fill/fill-form.ts';
import { buildForm, fieldDict, valueOf } from '../fill/fill-test-forms.ts';
import { ENCRYPTED_NOTE } from '../prepare/prepare-load.ts';

// Encrypted templates give encrypted forms: the template's restrictions, an empty user password,
// and every string (field names, tooltips, document title) readable again after decryption.

type Permissions = NonNullable<Parameters<PDFDocument['encrypt']>[0]['permissions']>;

/** Fields `name` and `city` (tooltip "Ville"), title "Übersicht", encrypted as pdf-lib does. */
function buildEncryptedForm(permissions: Permissions | null): Promise<Uint8Array> {
  return buildForm(
    ({ doc, form, page }) => {
      doc.setTitle('Übersicht');
      form.createTextField('name').addToPage(page, { x: 20, y: 700, width: 200, height: 20 });
      const city = form.createTextField('city');
      city.addToPage(page, { x: 20, y: 650, width: 200, height: 20 });
      city.acroField.dict.set(PDFName.of('TU'), PDFString.of('Ville'));
    },
    async (doc) => {
      if (permissions) {
        doc.encrypt({ userPassword: '', ownerPassword: 'owner-secret', permissions });
      }
      return doc.save();
    },
  );
}

const PRINT_AND_FILL: Permissions = { printing: 'highResolution', fillingForms: true };
const VALUES = { name: 'Γιώργος', city: 'Zürich' };

// Every test reads its output back with qpdf or pdftk: their timeout (pdf-oracles.ts).
describe('filling an encrypted template', { timeout: ORACLE_TEST_TIMEOUT_MS }, () => {
  it('encrypts the form with the same restrictions and an empty user password', async () => {
    const template = await buildEncryptedForm(PRINT_AND_FILL);
    const { bytes, report } = await fillForm(template, VALUES);
    expect(report.notes).toContain(ENCRYPTED_NOTE);
    await expect(PDFDocument.load(bytes)).rejects.toThrow(/encrypted/i);
    const doc = await PDFDocument.load(bytes, { password: '' });
    const names = doc
      .getForm()
      .getFields()
      .map((field) => field.getName());
    expect(names).toEqual(['name', 'city']);
    expect(valueOf(fieldDict(doc, 'name'))).toBe('Γιώργος');
    expect(valueOf(fieldDict(doc, 'city'))).toBe('Zürich');
    expect(
      fieldDict(doc, 'city').lookup(PDFName.of('TU'), PDFString, PDFHexString).decodeText(),
    ).toBe('Ville');
    expect(doc.getTitle()).toBe('Übersicht');
    if (hasTool('qpdf')) {
      const before = qpdfEncryption(template);
      const after = qpdfEncryption(bytes);
      // The template's own encryption (pdf-lib's: AES-256, R6), kept by the incremental update.
      expect(after).toEqual({ r: 6, p: before?.p, userPassword: '', method: 'AESv3' });
      expect(qpdfCheck(bytes).ok).toBe(true);
    }
    if (hasTool('pdftk') && hasTool('qpdf')) {
      // pdftk cannot open AES-256 files, the template included: it reads qpdf's decrypted copy.
      const fields = pdftkFields(qpdfDecrypted(bytes));
      expect([...fields.keys()]).toEqual(['name', 'city']);
      expect(fields.get('name')?.[0]?.values).toEqual(['Γιώργος']);
      expect(fields.get('city')?.[0]?.values).toEqual(['Zürich']);
    }
  });

  it('keeps the restrictions when flattened', async () => {
    const template = await buildEncryptedForm({ printing: 'lowResolution' });
    const { bytes } = await fillForm(template, VALUES, { flatten: true });
    const doc = await PDFDocument.load(bytes, { password: '' });
    expect(doc.getForm().getFields()).toEqual([]);
    if (hasTool('qpdf')) {
      expect(qpdfEncryption(bytes)?.p).toBe(qpdfEncryption(template)?.p);
    }
  });

  it('leaves forms of plain templates plain', async () => {
    const { bytes, report } = await fillForm(await buildEncryptedForm(null), VALUES);
    expect(report.notes).not.toContain(ENCRYPTED_NOTE);
    expect(valueOf(fieldDict(await PDFDocument.load(bytes), 'name'))).toBe('Γιώργος');
  });

  it('merged with other forms: the merged file holds every restriction of every form', async () => {
    const printOnly = await fillForm(
      await buildEncryptedForm({ printing: 'highResolution' }),
      VALUES,
    );
    const fillOnly = await fillForm(await buildEncryptedForm({ fillingForms: true }), VALUES);
    const plain = await fillForm(await buildEncryptedForm(null), VALUES, { flatten: true });
    const merged = await mergePdfs([printOnly.bytes, plain.bytes, fillOnly.bytes]);
    const doc = await PDFDocument.load(merged, { password: '' });
    expect(doc.getPageCount()).toBe(3);
    if (hasTool('qpdf')) {
      const both =
        (qpdfEncryption(printOnly.bytes)?.p ?? 0) & (qpdfEncryption(fillOnly.bytes)?.p ?? 0);
      expect(qpdfEncryption(merged)?.p).toBe(both);
      expect(qpdfEncryption(await mergePdfs([plain.bytes]))).toBeNull();
    }
  });
});
