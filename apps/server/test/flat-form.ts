// Test support only: a flat one-page form (no AcroForm) drawn with every kind of cue the field
// finder reads, plus things that only look like cues. Used by the finder's unit tests and the
// field editor's API tests.
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

const PAGE_HEIGHT = 842;

/** A flat form drawn with every kind of cue, plus things that only look like cues. */
export async function buildFlatForm(): Promise<Uint8Array> {
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
