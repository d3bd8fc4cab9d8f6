import { PDFDocument } from '@cantoo/pdf-lib';
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

  it('refuses bytes that are not a PDF', async () => {
    await expect(findFields(new TextEncoder().encode('hello'))).rejects.toBeInstanceOf(
      PdfInputError,
    );
  });
});
