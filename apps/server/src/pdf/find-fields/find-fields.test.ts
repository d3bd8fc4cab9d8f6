import {
  concatTransformationMatrix,
  lineTo,
  moveTo,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
  stroke,
} from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { PdfInputError } from '../detect-errors.ts';
import { findFields } from './find-fields.ts';
import type { FieldCandidate } from './find-types.ts';

const PAGE_HEIGHT = 842;

/** A flat form drawn with every kind of cue, plus things that only look like cues. */
async function flatForm(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const text = (s: string, x: number, top: number, size = 10) =>
    page.drawText(s, { x, y: PAGE_HEIGHT - top, size, font });
  const line = (x0: number, top0: number, x1: number, top1: number) =>
    page.drawLine({
      start: { x: x0, y: PAGE_HEIGHT - top0 },
      end: { x: x1, y: PAGE_HEIGHT - top1 },
      thickness: 0.7,
    });
  const box = (x: number, top: number, w: number, h: number) =>
    page.drawRectangle({
      x,
      y: PAGE_HEIGHT - top - h,
      width: w,
      height: h,
      borderWidth: 0.7,
      borderColor: rgb(0, 0, 0),
    });

  text('Application for a library card', 50, 40, 16);
  line(50, 44, 300, 44); // underline of the title: not a field
  text('Full name:', 50, 100);
  line(110, 102, 400, 102); // an open rule after a caption: a field
  text('Date of birth', 50, 130);
  text('______________', 120, 130); // an underscore run
  box(50, 150, 10, 10); // a checkbox with its caption on the right
  text('I agree to the rules', 65, 159);
  text('Postcode', 50, 190);
  for (let k = 0; k < 6; k++) {
    box(100 + k * 14, 180, 14, 16); // six abutting equal cells: a comb of 6
  }
  // A table whose header cells hold text and whose rows are empty: edges are not fields.
  text('Item', 55, 230);
  text('Amount', 205, 230);
  for (const top of [220, 235, 255]) {
    line(50, top, 350, top);
  }
  for (const x of [50, 200, 350]) {
    line(x, 220, x, 255);
  }
  text('Signature', 50, 300);
  line(110, 302, 300, 302);
  // A rule drawn in a scaled, moved coordinate system (q, cm, Q): lands at x 110..260.
  text('Place', 50, 330);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(2, 0, 0, 1, 110, PAGE_HEIGHT - 332),
    moveTo(0, 0),
    lineTo(75, 0),
    stroke(),
    popGraphicsState(),
  );
  return doc.save();
}

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

  it('refuses bytes that are not a PDF', async () => {
    await expect(findFields(new TextEncoder().encode('hello'))).rejects.toBeInstanceOf(
      PdfInputError,
    );
  });
});
