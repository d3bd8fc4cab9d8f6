// The ninth pass (decisions.md, issue 29): a box drawn white on a white page, empty, one line of
// writing high and named by a caption, is room to write (the IRS 1040's amount boxes, the Ulm
// travel form's entry lines) — the page shows nothing there, but the author laid a box out.
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCEPT_THRESHOLD, findFields } from './find-fields.ts';

/** A page with "Account holder" and a white box after it; `height` of the box, in pt. */
async function whiteBoxForm(options: { caption: boolean; height?: number }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  if (options.caption) {
    page.drawText('Account holder', { x: 50, y: 703, size: 9, font });
  }
  const height = options.height ?? 12;
  page.drawRectangle({ x: 130, y: 700, width: 300, height, color: rgb(1, 1, 1) });
  return doc.save();
}

describe('a white box drawn on a white page', () => {
  it('is proposed as a text field named by the caption before it', async () => {
    const { candidates } = await findFields(await whiteBoxForm({ caption: true }));
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({ type: 'text', label: 'Account holder' });
    expect(candidates[0]!.confidence).toBeGreaterThanOrEqual(DEFAULT_ACCEPT_THRESHOLD);
    expect(candidates[0]!.rect.map(Math.round)).toEqual([131, 131, 430, 142]);
  });

  it('stays under the accept cut without a caption (a mask or a layout band)', async () => {
    const { candidates } = await findFields(await whiteBoxForm({ caption: false }));
    expect(candidates.every((c) => c.confidence < DEFAULT_ACCEPT_THRESHOLD)).toBe(true);
  });

  it('is not proposed when taller than a line of writing (a panel)', async () => {
    const { candidates } = await findFields(await whiteBoxForm({ caption: true, height: 40 }));
    expect(candidates).toEqual([]);
  });
});
