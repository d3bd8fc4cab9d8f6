// Issue 35: a template whose stored file still holds JavaScript (stored before uploads removed
// it, or kept by the sweep) must not pass it into the forms made from it, and a stored form's
// scripts come out without touching its values.
import { PDFDocument, PDFTextField } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { HOSTILE_CASES } from '../../../test/hostile/hostile-pdfs.ts';
import { removeScripts } from '../objects/pdf-remove-scripts.ts';
import { fillForm, planTemplate } from './fill-form.ts';

const scripted = HOSTILE_CASES.find((item) => item.name === 'JavaScript on open and on a field')!;
const SCRIPTS = /JavaScript|OpenAction|\/AA\b/;
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

async function nameOf(bytes: Uint8Array): Promise<string | undefined> {
  const field = (await PDFDocument.load(bytes)).getForm().getField('name');
  return field instanceof PDFTextField ? field.getText() : undefined;
}

describe('a template that still holds scripts', () => {
  it('gives forms without them, filled as asked', async () => {
    const template = new Uint8Array(await scripted.build());
    expect(text(template)).toMatch(SCRIPTS);
    const plan = await planTemplate(template);
    for (const flatten of [false, true]) {
      const filled = await fillForm(plan, { name: 'Ada' }, { flatten });
      expect(text(filled.bytes)).not.toMatch(SCRIPTS);
      if (!flatten) {
        expect(await nameOf(filled.bytes)).toBe('Ada');
      }
    }
  });

  it('keeps incremental fills for a template without scripts', async () => {
    const plain = await PDFDocument.create();
    const page = plain.addPage();
    plain.getForm().createTextField('name').addToPage(page, { x: 20, y: 700 });
    const bytes = await plain.save({ useObjectStreams: false });
    const filled = await fillForm(await planTemplate(bytes), { name: 'Ada' });
    // An update appended to the template's own bytes.
    expect(Buffer.from(filled.bytes.subarray(0, bytes.length)).equals(Buffer.from(bytes))).toBe(
      true,
    );
  });
});

describe('removing the scripts of a stored form', () => {
  it('keeps its values and removes every script', async () => {
    const template = new Uint8Array(await scripted.build());
    // A form as fills made them before: the template's scripts kept, the value written.
    const stored = await PDFDocument.load(template);
    (stored.getForm().getField('name') as PDFTextField).setText('Grace');
    const form = await stored.save({ useObjectStreams: false });
    expect(text(form)).toMatch(SCRIPTS);

    const cleaned = await removeScripts(form);
    expect(cleaned?.removed).toBe(2);
    expect(text(cleaned!.bytes)).not.toMatch(SCRIPTS);
    expect(await nameOf(cleaned!.bytes)).toBe('Grace');
    expect(await removeScripts(cleaned!.bytes)).toBeNull();
  });
});
