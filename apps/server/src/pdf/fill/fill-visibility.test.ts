import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { fillForm } from './fill-form.ts';
import { OUTSIDE_PAGE_PROBLEM } from './fill-visibility.ts';

async function formWithBoxAt(y: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  doc.getForm().createTextField('name').addToPage(page, { x: 20, y, width: 200, height: 20 });
  return doc.save();
}

describe('values in boxes outside the visible page', () => {
  it('are reported as stored but not shown', async () => {
    const result = await fillForm(await formWithBoxAt(230), { name: 'Ada Lovelace' });
    expect(result.report.fields[0]?.problems).toContain(OUTSIDE_PAGE_PROBLEM);
  });

  it('are not reported when the box is on the page', async () => {
    const result = await fillForm(await formWithBoxAt(100), { name: 'Ada Lovelace' });
    expect(result.report.fields[0]?.problems).toEqual([]);
  });
});
