import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { hasTool, pdftkFields, popplerText, qpdfCheck, squash } from '../../../test/pdf-oracles.ts';
import { fillForm } from './fill-form.ts';
import { buildForm } from './fill-test-forms.ts';

// Overflow continuation: a value too long for its box continues on an appended addendum page;
// the box shows the reference, the report links the two. Read back with poppler and pdftk.

const ADDRESS =
  'Flat 12, 221B Baker Street, Marylebone, London NW1 6XE, United Kingdom of Great Britain';
const ARABIC = 'شارع الملك فهد، مبنى 6578401، الطابق الثالث، الرياض، المملكة العربية السعودية';

async function form(): Promise<Uint8Array> {
  return buildForm(({ form: acro, page }) => {
    acro.createTextField('address').addToPage(page, { x: 50, y: 700, width: 90, height: 12 });
    acro.createTextField('arabic').addToPage(page, { x: 50, y: 660, width: 90, height: 12 });
    acro.createTextField('short').addToPage(page, { x: 50, y: 620, width: 300, height: 20 });
    const code = acro.createTextField('code');
    code.setMaxLength(4);
    code.addToPage(page, { x: 50, y: 580, width: 60, height: 20 });
  });
}

const options = {
  addendum: { reference: 'see addendum, item {n}', labels: { address: 'Home address' } },
};

describe.skipIf(!hasTool('pdftotext') || !hasTool('pdftk'))('addendum for long values', () => {
  it('writes the reference in the box and label and full value on an appended page', async () => {
    const template = await form();
    const values = { address: ADDRESS, arabic: ARABIC, short: 'Fits', code: 'ABCDEFG' };
    const { bytes, report } = await fillForm(template, values, options);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    const byField = new Map(report.fields.map((field) => [field.field, field]));
    expect(byField.get('address')).toMatchObject({
      value_written: 'see addendum, item 1',
      addendum_item: 1,
      problems: [],
      notes: [expect.stringContaining('item 1 of the addendum page')],
    });
    expect(byField.get('arabic')?.addendum_item).toBe(2);
    expect(byField.get('short')?.addendum_item).toBeUndefined();
    // The reference would not fit a 4-character field: the value is cut and reported as before.
    expect(byField.get('code')?.addendum_item).toBeUndefined();
    expect(byField.get('code')?.problems.join(' ')).toMatch(/maximum of 4/);

    const fields = pdftkFields(bytes);
    expect(fields.get('address')?.[0]?.values).toEqual(['see addendum, item 1']);
    const [first = '', addendum = ''] = popplerText(bytes).split('\f');
    expect(first).toContain('see addendum, item 1');
    expect(first).toContain('see addendum, item 2');
    expect(addendum).toContain('Addendum');
    expect(addendum).toContain('1. Home address');
    expect(squash(addendum)).toContain(squash(ADDRESS));
    expect(addendum).toContain('2. arabic');
    expect(addendum).toContain('6578401');
    expect(addendum).toContain('الرياض');
    expect(qpdfCheck(bytes).ok).toBe(true);
  });

  it('keeps the addendum when flattening, and changes nothing when every value fits', async () => {
    const flat = await fillForm(await form(), { address: ADDRESS }, { ...options, flatten: true });
    const text = popplerText(flat.bytes);
    expect(text).toContain('see addendum, item 1');
    expect(squash(text)).toContain(squash(ADDRESS));
    const fits = await fillForm(await form(), { short: 'Fits' }, options);
    expect((await PDFDocument.load(fits.bytes)).getPageCount()).toBe(1);
  });

  it('runs onto more pages for many long values', async () => {
    const template = await buildForm(({ form: acro, page }) => {
      for (let index = 0; index < 40; index += 1) {
        acro
          .createTextField(`line${index}`)
          .addToPage(page, { x: 50, y: 760 - index * 18, width: 40, height: 10 });
      }
    });
    const values = Object.fromEntries(
      Array.from({ length: 40 }, (_, index) => [`line${index}`, `${index}: ${ADDRESS}`]),
    );
    const { bytes, report } = await fillForm(template, values, options);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(2);
    expect(report.fields.map((field) => field.addendum_item)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    expect(squash(popplerText(bytes))).toContain(squash(`39: ${ADDRESS}`));
  });
});
