import { PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { fillForm } from './fill-form.ts';
import { appearanceContents, buildForm, fieldDict, valueOf } from './fill-test-forms.ts';
import type { FillValue } from './fill-types.ts';

// Dropdowns and list boxes: export value or label, exact match before case-insensitive.

async function choiceForm(): Promise<Uint8Array> {
  return buildForm(({ doc, form, page }) => {
    const fruit = form.createDropdown('fruit');
    fruit.setOptions(['Apple', 'apple', 'Banana']);
    fruit.addToPage(page, { x: 20, y: 700, width: 150, height: 20 });

    const country = form.createDropdown('country');
    country.addToPage(page, { x: 20, y: 660, width: 150, height: 20 });
    // [export value, display text] pairs, as real forms have them.
    country.acroField.dict.set(
      PDFName.of('Opt'),
      doc.context.obj([
        [PDFString.of('DE'), PDFString.of('Germany')],
        [PDFString.of('UA'), PDFHexString.fromText('Україна')],
      ]),
    );

    const city = form.createDropdown('city');
    city.setOptions(['Paris', 'Rome']);
    city.enableEditing();
    city.addToPage(page, { x: 20, y: 620, width: 150, height: 20 });

    const toppings = form.createOptionList('toppings');
    toppings.setOptions(['Cheese', 'Ham', 'Olives', 'Basil']);
    toppings.enableMultiselect();
    toppings.addToPage(page, { x: 20, y: 500, width: 150, height: 80 });
    toppings.acroField.dict.set(PDFName.of('DA'), PDFString.of('/Helv 10 Tf 0 g'));
    toppings.acroField.dict.set(PDFName.of('Ff'), PDFNumber.of(1 << 21));
  });
}

async function fillOne(field: string, value: FillValue) {
  const { bytes, report } = await fillForm(await choiceForm(), { [field]: value });
  const doc = await PDFDocument.load(bytes);
  return { doc, report: report.fields[0], value: valueOf(fieldDict(doc, field)) };
}

describe('choice fields', () => {
  it('prefers the exact option when options differ only in case', async () => {
    expect((await fillOne('fruit', 'apple')).value).toBe('apple');
    expect((await fillOne('fruit', 'Apple')).value).toBe('Apple');
    expect((await fillOne('fruit', 'APPLE')).value).toBe('Apple');
    expect((await fillOne('fruit', 'banana')).value).toBe('Banana');
  });

  it('matches the display text and stores the export value', async () => {
    const byLabel = await fillOne('country', 'україна');
    expect([byLabel.value, byLabel.report?.value_written, byLabel.report?.font]).toEqual([
      'UA',
      'UA',
      'DejaVu Sans',
    ]);
    // The appearance shows the label, not the code.
    expect(appearanceContents(byLabel.doc, 'country')[0]).toMatch(/\/FbDejaVu/);
    expect((await fillOne('country', 'de')).value).toBe('DE');
  });

  it('reports a value that matches no option', async () => {
    const result = await fillOne('fruit', 'Cherry');
    expect(result.report?.problems).toEqual([
      'no matching option for "Cherry" (options: "Apple", "apple", "Banana")',
    ]);
    expect(result.report?.value_written).toBeNull();
  });

  it('lets editable dropdowns take free text', async () => {
    const result = await fillOne('city', 'Kyiv');
    expect([result.value, result.report?.problems]).toEqual(['Kyiv', []]);
  });

  it('selects several options of a multi-select list and highlights them', async () => {
    const result = await fillOne('toppings', 'ham; basil');
    expect([result.value, result.report?.problems]).toEqual(['Ham|Basil', []]);
    const shown = appearanceContents(result.doc, 'toppings')[0] ?? '';
    expect(shown.match(/0\.6 0\.757 0\.855 rg/g)?.length).toBe(2);
  });
});
