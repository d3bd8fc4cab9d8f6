import { PDFDict, PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  inkByBox,
  missingRenderers,
  renderPages,
  type RenderEngine,
} from '../../../test/render-oracle.ts';
import { fillForm } from './fill-form.ts';
import { buildForm } from './fill-test-forms.ts';

// Appearance structures that some viewers cannot follow, normalised by the fill engine so a
// value shows everywhere. Checked on rendered pages (poppler and MuPDF).

const missing = missingRenderers();
const BOX: [number, number, number, number] = [100, 100, 120, 120];

/** A checkbox whose /AP /N (and /D) state dictionaries are indirect objects. */
async function indirectStatesForm(): Promise<Uint8Array> {
  return buildForm(async ({ doc, form, page }) => {
    const box = form.createCheckBox('agree');
    box.addToPage(page, { x: 100, y: 800 - 120, width: 20, height: 20 });
    for (const widget of box.acroField.getWidgets()) {
      const ap = widget.dict.lookup(PDFName.of('AP'), PDFDict);
      for (const key of ['N', 'D']) {
        const states = ap.get(PDFName.of(key));
        if (states instanceof PDFDict) {
          ap.set(PDFName.of(key), doc.context.register(states));
        }
      }
      const indirectAp = doc.context.register(ap);
      widget.dict.set(PDFName.of('AP'), indirectAp);
    }
  });
}

describe('checkbox appearances every viewer draws', () => {
  it('inlines indirect /AP and /N state dictionaries of the boxes it sets', async () => {
    const filled = await fillForm(await indirectStatesForm(), { agree: true });
    const doc = await PDFDocument.load(filled.bytes);
    const widget = doc.getForm().getCheckBox('agree').acroField.getWidgets()[0];
    const ap = widget?.dict.get(PDFName.of('AP'));
    expect(ap).toBeInstanceOf(PDFDict);
    expect((ap as PDFDict).get(PDFName.of('N'))).toBeInstanceOf(PDFDict);
    expect((ap as PDFDict).get(PDFName.of('N'))).not.toBeInstanceOf(PDFRef);
    expect(widget?.dict.get(PDFName.of('AS'))).toBe(PDFName.of('Yes'));
  });

  describe.each(['poppler', 'mupdf'] as RenderEngine[])('%s', (engine) => {
    it.skipIf(missing.length > 0)('draws the check mark of a box set to true', async () => {
      const template = await indirectStatesForm();
      const on = await fillForm(template, { agree: true });
      const off = await fillForm(template, { agree: false });
      const [ink] = inkByBox(
        await renderPages(off.bytes, engine, 72),
        await renderPages(on.bytes, engine, 72),
        [{ key: 'agree', page: 0, rect: BOX }],
        72,
      );
      expect(ink?.inside).toBeGreaterThan(10);
      expect(ink?.outside).toBe(0);
    });
  });
});

/** A prefilled text field whose appearance stream lacks /Subtype /Form (as some producers write it). */
async function prefilledWithoutSubtype(): Promise<Uint8Array> {
  return buildForm(({ form, page }) => {
    const kept = form.createTextField('kept');
    kept.addToPage(page, { x: 100, y: 800 - 120, width: 200, height: 20 });
    kept.setText('Prefilled value');
    const other = form.createTextField('other');
    other.addToPage(page, { x: 100, y: 800 - 200, width: 200, height: 20 });
    form.updateFieldAppearances();
    for (const widget of kept.acroField.getWidgets()) {
      const normal = widget.getNormalAppearance();
      const stream = normal instanceof PDFRef ? undefined : normal;
      const ref = widget.dict.lookup(PDFName.of('AP'), PDFDict).get(PDFName.of('N'));
      const resolved =
        stream ?? (ref instanceof PDFRef ? widget.dict.context.lookup(ref) : undefined);
      if (resolved && 'dict' in resolved && resolved.dict instanceof PDFDict) {
        resolved.dict.delete(PDFName.of('Subtype'));
        resolved.dict.delete(PDFName.of('Type'));
      }
    }
  });
}

describe('flattening keeps values the template already shows', () => {
  describe.each(['poppler', 'mupdf'] as RenderEngine[])('%s', (engine) => {
    it.skipIf(missing.length > 0)(
      'an unmapped prefilled value survives ?flatten=true',
      async () => {
        const template = await prefilledWithoutSubtype();
        const kept = await fillForm(template, { other: 'x' }, { flatten: true });
        const cleared = await fillForm(template, { other: 'x', kept: '' }, { flatten: true });
        const [ink] = inkByBox(
          await renderPages(cleared.bytes, engine, 72),
          await renderPages(kept.bytes, engine, 72),
          [{ key: 'kept', page: 0, rect: [100, 100, 300, 120] }],
          72,
        );
        expect(ink?.inside).toBeGreaterThan(20);
      },
    );
  });
});
