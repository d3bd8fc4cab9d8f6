import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { hasTool, pdftkFields, qpdfCheck } from '../../../test/pdf-oracles.ts';
import { fillForm, planTemplate } from './fill-form.ts';
import { buildForm, fieldDict, valueOf } from './fill-test-forms.ts';
import { readXrefBase } from '../objects/pdf-xref.ts';

// Each record is the template's bytes plus an incremental update whose cross-reference section
// is of the template's kind; readers that follow the chain strictly (pdftk, qpdf) must see
// every value.

async function form(useObjectStreams: boolean): Promise<Uint8Array> {
  return buildForm(
    ({ form, page }) => {
      form.createTextField('name').addToPage(page, { x: 20, y: 700, width: 200, height: 20 });
      form.createTextField('city').addToPage(page, { x: 20, y: 660, width: 200, height: 20 });
      form.createCheckBox('agree').addToPage(page, { x: 20, y: 620, width: 20, height: 20 });
    },
    (doc) => doc.save({ useObjectStreams }),
  );
}

const VALUES = { name: 'Zoë Ñandú', city: '東京', agree: true };

describe.each([
  ['a cross-reference table', false, 'table'],
  ['a cross-reference stream', true, 'stream'],
] as const)('a template with %s', (_, useObjectStreams, kind) => {
  it('gets an update of the same kind after its unchanged bytes', async () => {
    const template = await form(useObjectStreams);
    const plan = await planTemplate(template);
    const { bytes } = await fillForm(plan, VALUES);

    expect(plan.base?.xref.kind).toBe(kind);
    expect(Buffer.from(bytes.subarray(0, template.byteLength)).equals(Buffer.from(template))).toBe(
      true,
    );
    const update = readXrefBase(bytes);
    expect(update?.kind).toBe(kind);
    expect(update?.inUse.size).toBeGreaterThan(plan.base?.xref.inUse.size ?? 0);
    const doc = await PDFDocument.load(bytes);
    expect(valueOf(fieldDict(doc, 'name'))).toBe('Zoë Ñandú');
    expect(valueOf(fieldDict(doc, 'city'))).toBe('東京');
  });

  it.runIf(hasTool('pdftk') && hasTool('qpdf'))(
    'reads back in pdftk and checks in qpdf',
    async () => {
      const plan = await planTemplate(await form(useObjectStreams));
      const { bytes } = await fillForm(plan, VALUES);

      const check = qpdfCheck(bytes);
      expect(check.messages).not.toContain('WARNING');
      expect(check.ok).toBe(true);
      const fields = pdftkFields(bytes);
      expect(fields.get('name')?.[0]?.values).toContain('Zoë Ñandú');
      expect(fields.get('city')?.[0]?.values).toContain('東京');
      expect(fields.get('agree')?.[0]?.values).toContain('Yes');
    },
  );

  it('writes only what the record changed', async () => {
    const plan = await planTemplate(await form(useObjectStreams));
    const one = await fillForm(plan, { name: 'A' });
    const three = await fillForm(plan, VALUES);
    const none = await fillForm(plan, {});

    expect(one.bytes.byteLength).toBeLessThan(three.bytes.byteLength);
    // Nothing asked: the template's NeedAppearances is still dropped, so one small update.
    expect(none.bytes.byteLength - (plan.base?.bytes.byteLength ?? 0)).toBeLessThan(1_000);
  });
});

describe('the full rewrite', () => {
  it('is kept for flattening and when asked for', async () => {
    const template = await form(true);
    const plan = await planTemplate(template);
    const prefix = (bytes: Uint8Array) =>
      Buffer.from(bytes.subarray(0, template.byteLength)).equals(Buffer.from(template));

    expect(prefix((await fillForm(plan, VALUES, { flatten: true })).bytes)).toBe(false);
    expect(prefix((await fillForm(plan, VALUES, { writer: 'full' })).bytes)).toBe(false);
    expect(prefix((await fillForm(template, VALUES)).bytes)).toBe(true);
  });

  it('is used when the template cross-reference offsets are wrong', async () => {
    const template = await form(false);
    const text = Buffer.from(template).toString('latin1');
    // Shift every object by one byte: the table's offsets no longer land on their objects.
    const broken = Buffer.from(text.replace('%PDF-1.7', '%PDF-1.7 '), 'latin1');
    const plan = await planTemplate(new Uint8Array(broken));
    const { bytes } = await fillForm(plan, VALUES);

    expect(plan.base).toBeNull();
    expect(valueOf(fieldDict(await PDFDocument.load(bytes), 'name'))).toBe('Zoë Ñandú');
  });
});
