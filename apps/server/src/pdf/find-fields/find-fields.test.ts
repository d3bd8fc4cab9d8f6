import { PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { PdfInputError } from '../detect/detect-errors.ts';
import { findFields } from './find-fields.ts';
import type { FieldCandidate } from './find-types.ts';
import { buildFlatForm as flatForm } from '../../../test/flat-form.ts';

const byLabel = (candidates: FieldCandidate[], label: string) =>
  candidates.find((c) => c.label === label);

describe('findFields', () => {
  it('proposes fields from rules, underscore runs, boxes, combs and empty table cells', async () => {
    const found = await findFields(await flatForm());
    const { candidates } = found;
    expect(found.imageOnlyPages).toEqual([]);
    expect(byLabel(candidates, 'Full name')).toMatchObject({
      type: 'text',
      name: 'full_name',
      page: 0,
    });
    expect(byLabel(candidates, 'Full name')!.rect[0]).toBeCloseTo(110, 0);
    expect(byLabel(candidates, 'Date of birth')).toMatchObject({
      type: 'date',
      name: 'date_of_birth',
    });
    expect(byLabel(candidates, 'I agree to the rules')).toMatchObject({ type: 'checkbox' });
    expect(byLabel(candidates, 'Postcode')).toMatchObject({ type: 'comb', max_len: 6 });
    expect(byLabel(candidates, 'Signature')).toMatchObject({ type: 'signature' });
    const place = byLabel(candidates, 'Place')!;
    expect([place.rect[0], place.rect[2], place.rect[3]].map(Math.round)).toEqual([110, 260, 332]);
    // The two empty cells under "Item" and "Amount", and nothing for the header row or the title.
    expect(candidates.filter((c) => c.label === 'Item' || c.label === 'Amount')).toHaveLength(2);
    expect(candidates.some((c) => c.rect[1] < 60)).toBe(false);
    for (const c of candidates) {
      expect(c.confidence).toBeGreaterThan(0);
      expect(c.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('keeps reading order: top to bottom, left to right', async () => {
    const { candidates } = await findFields(await flatForm());
    const tops = candidates.map((c) => c.rect[1]);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
  });

  it('notes a page that is only an image and proposes nothing on it', async () => {
    const doc = await PDFDocument.create();
    const png = await doc.embedPng(
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      ),
    );
    doc.addPage([595, 842]).drawImage(png, { x: 0, y: 0, width: 595, height: 842 });
    const found = await findFields(await doc.save());
    expect(found).toMatchObject({ candidates: [], imageOnlyPages: [0] });
  });

  it('proposes nothing in a box the form hatches out', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText('Opening stock', { x: 40, y: 706, size: 10, font });
    page.drawText('Closing stock', { x: 40, y: 666, size: 10, font });
    // A tiling pattern of one diagonal line, as forms hatch the cells that do not apply.
    const hatch = doc.context.register(
      doc.context.stream('0 0 m 9 9 l S', {
        PatternType: 1,
        PaintType: 1,
        TilingType: 1,
        BBox: [0, 0, 9, 9],
        XStep: 9,
        YStep: 9,
        Resources: {},
      }),
    );
    page.node
      .normalizedEntries()
      .Resources.set(PDFName.of('Pattern'), doc.context.obj({ Hatch: hatch }));
    const content = [
      '0.7 w 120 700 200 20 re S 120 660 200 20 re S',
      'q /Pattern cs /Hatch scn 120 660 200 20 re f Q',
    ].join('\n');
    page.node.addContentStream(doc.context.register(doc.context.stream(content)));
    const { candidates } = await findFields(await doc.save());
    expect(candidates.map((c) => c.label)).toEqual(['Opening stock']);
  });

  it('proposes nothing in a table of data, every cell of its rows holding text', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const rows = [
      ['Item', 'Description', 'Amount'],
      ['A-101', 'Letterheads', '160.00'],
      ['S-020', 'Delivery', '12.50'],
    ];
    const xs = [40, 120, 360, 480];
    rows.forEach((row, r) => {
      const top = 800 - r * 18;
      row.forEach((cell, c) => page.drawText(cell, { x: xs[c]! + 4, y: top - 13, size: 10, font }));
    });
    const ops = [
      ...[0, 1, 2, 3].map((r) => `40 ${800 - r * 18} m 480 ${800 - r * 18} l`),
      ...xs.map((x) => `${x} 800 m ${x} 746 l`),
    ];
    page.node.addContentStream(
      doc.context.register(doc.context.stream(`0.7 w ${ops.join(' ')} S`)),
    );
    const { candidates } = await findFields(await doc.save());
    expect(candidates).toEqual([]);
  });

  it('refuses bytes that are not a PDF', async () => {
    await expect(findFields(new TextEncoder().encode('hello'))).rejects.toBeInstanceOf(
      PdfInputError,
    );
  });
});
