import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { fillForm, planTemplate } from './fill-form.ts';
import { buildForm, fieldDict, valueOf } from './fill-test-forms.ts';

// A template plan is parsed once and filled for many records: each record must get a document
// of its own, and the plan must come out of every fill as it went in.

async function twoFieldForm(): Promise<Uint8Array> {
  return buildForm(({ form, page }) => {
    form.createTextField('name').addToPage(page, { x: 20, y: 700, width: 200, height: 20 });
    const kept = form.createTextField('kept');
    kept.setText('prefilled');
    kept.addToPage(page, { x: 20, y: 660, width: 200, height: 20 });
  });
}

async function valuesIn(bytes: Uint8Array): Promise<Record<string, string | undefined>> {
  const doc = await PDFDocument.load(bytes);
  return { name: valueOf(fieldDict(doc, 'name')), kept: valueOf(fieldDict(doc, 'kept')) };
}

describe('template plans', () => {
  it('fills record after record from one parse, each with only its own values', async () => {
    const plan = await planTemplate(await twoFieldForm());
    const first = await fillForm(plan, { name: 'Zoë', kept: 'changed' });
    const flat = await fillForm(plan, { name: 'Иван' }, { flatten: true });
    const second = await fillForm(plan, { name: 'Ada' });

    expect(await valuesIn(first.bytes)).toEqual({ name: 'Zoë', kept: 'changed' });
    expect(await valuesIn(second.bytes)).toEqual({ name: 'Ada', kept: 'prefilled' });
    expect((await PDFDocument.load(flat.bytes)).getForm().getFields()).toHaveLength(0);
    expect(second.report.fields[0]?.problems).toEqual([]);
  });

  it('writes the same bytes as a fill from the file', async () => {
    const bytes = await twoFieldForm();
    const plan = await planTemplate(bytes);
    await fillForm(plan, { name: 'someone else' });
    const fromPlan = await fillForm(plan, { name: 'Zoë Ñandú' });
    const fromFile = await fillForm(bytes, { name: 'Zoë Ñandú' });
    expect(Buffer.from(fromPlan.bytes).equals(Buffer.from(fromFile.bytes))).toBe(true);
    expect(fromPlan.report).toEqual(fromFile.report);
  });

  it('refuses an unreadable file when planning, as a fill does', async () => {
    await expect(planTemplate(new TextEncoder().encode('not a pdf'))).rejects.toThrow(
      'could not be read',
    );
  });
});
