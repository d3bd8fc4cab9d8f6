import { PDFName, type PDFRef } from '@cantoo/pdf-lib';
import { addendumReference } from '@formbridge/contract/addendum';
import { num } from './fill-appearance.ts';
import { paragraphDirection } from './fill-bidi.ts';
import type { FieldOutcome, FillContext } from './fill-context.ts';
import { wrapText } from './fill-layout.ts';
import { fillTextField } from './fill-text.ts';
import type { AddendumOptions } from './fill-types.ts';
import type { UsableFont } from '../fonts/fonts-document.ts';
import { FIELD_FLAGS, type FormField } from '../prepare/prepare-fields.ts';
import { getText, numberArray } from '../prepare/prepare-objects.ts';

// Overflow continuation: a text value that would be cut or shrunk below the legibility floor is
// replaced in its box by a short reference ("see addendum, item 3") and written in full, with
// its field's label, on pages appended to the document. Fonts are the fill fonts, chosen per
// line, so every script the boxes can show, the addendum shows too.

export interface AddendumItem {
  /** The requested field name: every field of that name shares one item. */
  name: string;
  n: number;
  label: string;
  value: string;
}

const MARGIN = 56;
const TITLE_SIZE = 14;
const LABEL_SIZE = 10;
const VALUE_SIZE = 10;
const LINE_GAP = 1.35;

/** True when the drawn value is not all there at a readable size. */
function overflows(outcome: FieldOutcome, floor: number): boolean {
  return (
    outcome.problems.some(
      (problem) => problem.includes('does not fit') || problem.includes("field's maximum of"),
    ) ||
    (outcome.fontSize !== null && outcome.fontSize < floor)
  );
}

/**
 * Shorter forms of a reference, longest first: leading words dropped one at a time while the
 * item number and a word stay ("see addendum, item 3", "addendum, item 3", "item 3").
 */
export function shorterReferences(reference: string): string[] {
  const words = reference.trim().split(/\s+/);
  const shorter: string[] = [];
  for (let start = 1; start < words.length; start += 1) {
    const rest = words
      .slice(start)
      .join(' ')
      .replace(/^[\p{P}\s]+/u, '');
    // A bare number would read as the field's value: a word stays with it.
    if (/\d/.test(rest) && /\p{L}/u.test(rest) && !shorter.includes(rest)) {
      shorter.push(rest);
    }
  }
  return shorter;
}

/**
 * Draws the reference in the box, shortened (see shorterReferences) until it shows at or above
 * the legibility floor; the shortest is kept when none does.
 */
async function drawReference(
  ctx: FillContext,
  field: FormField,
  reference: string,
  floor: number,
): Promise<{ reference: string; drawn: FieldOutcome }> {
  let drawn = await fillTextField(ctx, field, reference);
  let shown = reference;
  for (const shorter of shorterReferences(reference)) {
    if (!overflows(drawn, floor)) {
      break;
    }
    drawn = await fillTextField(ctx, field, shorter);
    shown = shorter;
  }
  return { reference: shown, drawn };
}

/**
 * Moves an overflowing text value to the addendum: the box gets the reference (stored as /V too,
 * so a viewer that redraws the field shows the same), the book gets the full value. Returns the
 * outcome to report, unchanged when the value fits, the field is not plain text, or the
 * reference itself would not fit the field's maximum length.
 */
export async function continueOnAddendum(
  ctx: FillContext,
  field: FormField,
  request: { name: string; value: string; floor: number },
  outcome: FieldOutcome,
  options: AddendumOptions,
  book: AddendumItem[],
): Promise<FieldOutcome & { addendumItem?: number }> {
  const plainText =
    field.kind === 'text' && (field.flags & (FIELD_FLAGS.password | FIELD_FLAGS.comb)) === 0;
  if (!plainText || !overflows(outcome, request.floor)) {
    return outcome;
  }
  const existing = book.find((item) => item.name === request.name);
  const n = existing?.n ?? book.length + 1;
  const { reference, drawn } = await drawReference(
    ctx,
    field,
    addendumReference(options.reference, n),
    request.floor,
  );
  if (drawn.problems.some((problem) => problem.includes("field's maximum of"))) {
    await fillTextField(ctx, field, request.value);
    return outcome;
  }
  if (!existing) {
    const label =
      options.labels?.[request.name] ?? getText(ctx.context, field.dict, 'TU') ?? request.name;
    book.push({ name: request.name, n, label, value: request.value });
  }
  return {
    ...drawn,
    notes: [
      `the value is too long for its box: the box shows "${reference}" and the full value is item ${n} of the addendum page`,
    ],
    addendumItem: n,
  };
}

type Line = { text: string; size: number; indent: number };

async function lines(ctx: FillContext, book: AddendumItem[], width: number): Promise<Line[]> {
  const out: Line[] = [];
  for (const item of book) {
    const label = `${item.n}. ${item.label}`;
    const labelFont = (await ctx.fonts.forText(label)).font;
    for (const text of wrapText(label, width / LABEL_SIZE, labelFont.metrics.measure)) {
      out.push({ text, size: LABEL_SIZE, indent: 0 });
    }
    const valueFont = (await ctx.fonts.forText(item.value)).font;
    const wrapped = wrapText(item.value, (width - 14) / VALUE_SIZE, valueFont.metrics.measure);
    for (const text of wrapped) {
      out.push({ text, size: VALUE_SIZE, indent: 14 });
    }
    out.push({ text: '', size: VALUE_SIZE / 2, indent: 0 });
  }
  return out;
}

/** Size of the document's last page (points), so the addendum prints on the same paper. */
function paperSize(ctx: FillContext): [number, number] {
  const pages = ctx.doc.getPages();
  const last = pages[pages.length - 1];
  const box = last ? numberArray(ctx.context, last.node.MediaBox()) : [];
  const [x1 = 0, y1 = 0, x2 = 612, y2 = 792] = box ?? [];
  const width = Math.abs(x2 - x1);
  const height = Math.abs(y2 - y1);
  return width > 200 && height > 200 ? [width, height] : [612, 792];
}

/** Appends the addendum pages listing every item (label, then the full value, wrapped). */
export async function writeAddendum(
  ctx: FillContext,
  book: AddendumItem[],
  title: string,
): Promise<void> {
  if (book.length === 0) {
    return;
  }
  const [width, height] = paperSize(ctx);
  const textWidth = width - 2 * MARGIN;
  const all: Line[] = [
    { text: title, size: TITLE_SIZE, indent: 0 },
    ...(await lines(ctx, book, textWidth)),
  ];
  let index = 0;
  while (index < all.length) {
    const page = ctx.doc.addPage([width, height]);
    const fonts = new Map<string, PDFRef>();
    const ops: string[] = ['BT'];
    let y = height - MARGIN;
    while (index < all.length) {
      const line = all[index] as Line;
      const step = line.size * LINE_GAP;
      if (y - step < MARGIN && y < height - MARGIN) {
        break;
      }
      y -= step;
      index += 1;
      if (line.text === '') {
        continue;
      }
      const font: UsableFont = (await ctx.fonts.forText(line.text)).font;
      fonts.set(font.face.resourceName, font.ref);
      const shown = font.renderable(line.text);
      const direction = paragraphDirection(shown);
      const lineWidth = font.metrics.measure(shown) * line.size;
      const x =
        direction === 'rtl' ? width - MARGIN - line.indent - lineWidth : MARGIN + line.indent;
      ops.push(
        `/${font.face.resourceName} ${num(line.size)} Tf 1 0 0 1 ${num(x)} ${num(y)} Tm ${font.showText(shown, direction)}`,
      );
    }
    ops.push('ET');
    for (const [name, ref] of fonts) {
      page.node.setFontDictionary(PDFName.of(name), ref);
    }
    page.node.addContentStream(ctx.context.register(ctx.context.flateStream(ops.join('\n'))));
  }
}
