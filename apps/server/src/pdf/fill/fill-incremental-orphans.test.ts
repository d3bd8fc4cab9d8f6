import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { hasTool, pdftkFields, qpdfCheck } from '../../../test/pdf-oracles.ts';
import { fillForm, planTemplate } from './fill-form.ts';
import { buildForm, fieldDict, valueOf } from './fill-test-forms.ts';
import { readStartXref } from '../objects/pdf-xref.ts';

// pdf-lib scans the bytes for objects and ignores the cross-reference chain, so it also finds
// objects a later update freed (as in the pdf.js f1040). Those may stay in a base only while
// nothing pdf-lib can reach refers to them.

async function template(): Promise<Uint8Array> {
  return buildForm(
    ({ form, page }) => {
      form.createTextField('name').addToPage(page, { x: 20, y: 700, width: 200, height: 20 });
    },
    (doc) => doc.save({ useObjectStreams: false }),
  );
}

/**
 * `bytes` plus an update holding object `size` and freeing it. With `referenced`, the trailer's
 * /Info points at the freed object.
 */
function withFreedObject(bytes: Uint8Array, referenced: boolean): Uint8Array {
  const text = Buffer.from(bytes).toString('latin1');
  const prev = readStartXref(bytes) ?? -1;
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const size = Number(/\/Size (\d+)/.exec(trailer)?.[1]);
  const root = /\/Root (\d+ \d+ R)/.exec(trailer)?.[1] ?? '';
  const object = `${size} 0 obj\n<< /Title (freed) >>\nendobj\n`;
  const table = bytes.byteLength + object.length;
  const info = referenced ? ` /Info ${size} 0 R` : '';
  const update =
    `${object}xref\n${size} 1\n0000000000 00001 f\r\n` +
    `trailer\n<< /Size ${size + 1} /Root ${root}${info} /Prev ${prev} >>\n` +
    `startxref\n${table}\n%%EOF\n`;
  return new Uint8Array(Buffer.concat([bytes, Buffer.from(update, 'latin1')]));
}

describe('objects pdf-lib finds that the chain does not list', () => {
  it('are left alone when nothing refers to them', async () => {
    const base = withFreedObject(await template(), false);
    const plan = await planTemplate(base);
    const { bytes } = await fillForm(plan, { name: 'Zoë' });

    expect(plan.base).not.toBeNull();
    expect(Buffer.from(bytes.subarray(0, base.byteLength)).equals(Buffer.from(base))).toBe(true);
    expect(valueOf(fieldDict(await PDFDocument.load(bytes), 'name'))).toBe('Zoë');
  });

  it.runIf(hasTool('pdftk') && hasTool('qpdf'))('read back in pdftk and qpdf', async () => {
    const { bytes } = await fillForm(await planTemplate(withFreedObject(await template(), false)), {
      name: 'Zoë',
    });

    const check = qpdfCheck(bytes);
    expect(check.messages).not.toContain('WARNING');
    expect(check.ok).toBe(true);
    expect(pdftkFields(bytes).get('name')?.[0]?.values).toContain('Zoë');
  });

  it('make the fill write the whole document when something refers to them', async () => {
    const plan = await planTemplate(withFreedObject(await template(), true));

    expect(plan.base).toBeNull();
  });
});
