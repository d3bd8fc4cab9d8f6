import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { fillForm } from './fill-form.ts';
import { appearanceStates, buildForm, fieldDict, valueOf } from './fill-test-forms.ts';

// The report rules decided before drawing: read-only policy, prefilled values kept for empty
// record values, and radios reported by the option the user asked for.

async function policyForm(): Promise<Uint8Array> {
  return buildForm(({ form, page }) => {
    const locked = form.createTextField('locked');
    locked.setText('Form 1040');
    locked.addToPage(page, { x: 20, y: 700, width: 200, height: 20 });
    locked.enableReadOnly();
    const country = form.createTextField('country');
    country.setText('USA');
    country.addToPage(page, { x: 20, y: 660, width: 200, height: 20 });
    form.createTextField('blank').addToPage(page, { x: 20, y: 620, width: 200, height: 20 });
    const agree = form.createCheckBox('agree');
    agree.addToPage(page, { x: 20, y: 580, width: 14, height: 14 });
    agree.check();
  });
}

async function valuesOf(bytes: Uint8Array, names: string[]) {
  const doc = await PDFDocument.load(bytes);
  return names.map((name) => valueOf(fieldDict(doc, name)));
}

describe('read-only fields', () => {
  it('are filled and reported by default', async () => {
    const { bytes, report } = await fillForm(await policyForm(), { locked: 'Changed' });
    expect(await valuesOf(bytes, ['locked'])).toEqual(['Changed']);
    expect(report.fields[0]).toMatchObject({
      value_written: 'Changed',
      problems: [
        'the field is read-only in the PDF; the value was written anyway (template setting: fill read-only fields)',
      ],
    });
  });

  it('are left as they are and reported under the skip policy', async () => {
    const { bytes, report } = await fillForm(
      await policyForm(),
      { locked: 'Changed' },
      { readOnly: 'skip' },
    );
    expect(await valuesOf(bytes, ['locked'])).toEqual(['Form 1040']);
    // An empty value does not clear it either, even where empty values clear other fields.
    const empty = await fillForm(await policyForm(), { locked: '' }, { readOnly: 'skip' });
    expect(await valuesOf(empty.bytes, ['locked'])).toEqual(['Form 1040']);
    expect(report.fields[0]).toMatchObject({
      value_written: 'Form 1040',
      skipped: true,
      problems: [
        'the field is read-only in the PDF; "Changed" was not written (template setting: leave read-only fields)',
      ],
    });
  });
});

describe('empty values', () => {
  it('keep the prefilled value and say so when asked to, and clear by default', async () => {
    const values = { country: '', agree: null, blank: '' };
    const kept = await fillForm(await policyForm(), values, { emptyValues: 'keep' });
    expect(await valuesOf(kept.bytes, ['country', 'blank'])).toEqual(['USA', '']);
    expect(appearanceStates(await PDFDocument.load(kept.bytes), 'agree')).toEqual(['Yes']);
    expect(kept.report.fields.map((field) => [field.field, field.problems])).toEqual([
      [
        'country',
        ['the record\'s value is empty, so the template\'s prefilled value "USA" was kept'],
      ],
      [
        'agree',
        ['the record\'s value is empty, so the template\'s prefilled value "Yes" was kept'],
      ],
      ['blank', []],
    ]);
    const cleared = await fillForm(await policyForm(), values);
    expect(await valuesOf(cleared.bytes, ['country'])).toEqual(['']);
    expect(cleared.report.fields.every((field) => field.problems.length === 0)).toBe(true);
  });

  it('still uncheck a box on an explicit false', async () => {
    const { bytes } = await fillForm(await policyForm(), { agree: false }, { emptyValues: 'keep' });
    expect(appearanceStates(await PDFDocument.load(bytes), 'agree')).toEqual(['Off']);
  });
});

describe('radio report', () => {
  it('names the option asked for, not the internal state name', async () => {
    // Export values 1, 2, 3 in /Opt; pdf-lib names the states 0, 1, 2.
    const pdf = await buildForm(({ form, page }) => {
      const group = form.createRadioGroup('children');
      ['1', '2', '3'].forEach((label, index) => {
        group.addOptionToPage(label, page, { x: 20 + index * 40, y: 700, width: 14, height: 14 });
      });
    });
    const { bytes, report } = await fillForm(pdf, { children: '2' });
    expect(report.fields[0]?.value_written).toBe('2');
    const doc = await PDFDocument.load(bytes);
    expect(fieldDict(doc, 'children').get(PDFName.of('V'))).toEqual(PDFName.of('1'));
  });
});
