import { PDFArray, PDFNumber, type PDFContext, type PDFDict } from '@cantoo/pdf-lib';
import { onStates } from './fill-appearance.ts';
import type { FieldOutcome, FillContext } from './fill-context.ts';
import type { FormField, FormWidget } from '../prepare/prepare-fields.ts';
import {
  getArray,
  getDict,
  getNumber,
  inherited,
  nameText,
  numberArray,
  pdfName,
} from '../prepare/prepare-objects.ts';

// Some real forms carry widgets placed beyond the page's visible area (a header box above the
// CropBox, say): the value is stored, but no viewer shows it. The report must say so. The same
// goes for hidden widgets; NoRotate widgets on rotated pages are redrawn so they stay in place.

export const OUTSIDE_PAGE_PROBLEM =
  "the field's box lies outside the visible page, so the value is stored but not shown";

type Box = [number, number, number, number];

function toBox(values: number[] | undefined): Box | undefined {
  if (!values || values.length !== 4) {
    return undefined;
  }
  const [x1, y1, x2, y2] = values as Box;
  return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
}

// A fill never changes page boxes, and asks for the same page's box for each of its widgets.
const boxes = new WeakMap<PDFDict, Box | null>();

function pageBox(context: PDFContext, page: PDFDict): Box | undefined {
  let box = boxes.get(page);
  if (box === undefined) {
    box = null;
    for (const key of ['CropBox', 'MediaBox']) {
      const value = inherited(context, page, key);
      box = (value instanceof PDFArray ? toBox(numberArray(context, value)) : undefined) ?? null;
      if (box) {
        break;
      }
    }
    boxes.set(page, box);
  }
  return box ?? undefined;
}

function overlapShare(rect: Box, page: Box): number {
  const width = Math.max(0, Math.min(rect[2], page[2]) - Math.max(rect[0], page[0]));
  const height = Math.max(0, Math.min(rect[3], page[3]) - Math.max(rect[1], page[1]));
  const area = (rect[2] - rect[0]) * (rect[3] - rect[1]);
  return area > 0 ? (width * height) / area : 0;
}

/**
 * True when every widget of the field that sits on a page has less than half of its box inside
 * that page's visible area, so whatever is drawn there cannot be seen.
 */
export function isOutsideVisiblePage(context: PDFContext, field: FormField): boolean {
  return isWidgetSetOutside(context, field.widgets);
}

function isWidgetSetOutside(context: PDFContext, widgets: FormWidget[]): boolean {
  const placed = widgets.flatMap((widget) =>
    widget.pages.map((page) => ({
      rect: toBox(numberArray(context, getArray(context, widget.dict, 'Rect'))),
      page,
    })),
  );
  if (placed.length === 0) {
    return false;
  }
  return placed.every(({ rect, page }) => {
    const box = pageBox(context, page);
    return rect !== undefined && box !== undefined && overlapShare(rect, box) < 0.5;
  });
}

const ANNOT_FLAGS = { hidden: 1 << 1, noRotate: 1 << 4, noView: 1 << 5 } as const;

function annotationFlags(context: PDFContext, widget: PDFDict): number {
  return getNumber(context, widget, 'F') ?? 0;
}

function pageRotation(context: PDFContext, page: PDFDict): number {
  const rotate = inherited(context, page, 'Rotate');
  const degrees = rotate instanceof PDFNumber ? rotate.asNumber() : 0;
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

/**
 * Widgets with NoRotate on a rotated page are drawn upright but pivoted about their top-left
 * corner, i.e. outside their box (poppler, MuPDF). Drop the flag and rotate the appearance
 * with /MK /R instead, the way Acrobat builds fields on rotated pages: the value stays upright
 * for the reader and inside its box. Call before drawing appearances.
 */
export function normaliseNoRotate(context: PDFContext, field: FormField): void {
  for (const widget of field.widgets) {
    const flags = annotationFlags(context, widget.dict);
    const rotation = widget.pages[0] ? pageRotation(context, widget.pages[0]) : 0;
    if (!(flags & ANNOT_FLAGS.noRotate) || rotation === 0) {
      continue;
    }
    widget.dict.set(pdfName('F'), PDFNumber.of(flags & ~ANNOT_FLAGS.noRotate));
    let mk = getDict(context, widget.dict, 'MK');
    if (!mk) {
      mk = context.obj({});
      widget.dict.set(pdfName('MK'), mk);
    }
    mk.set(pdfName('R'), PDFNumber.of(rotation));
  }
}

/**
 * Why a written value does not show on the page, if it does not: every box hidden (Hidden or
 * NoView flag) or lying outside the visible page. `shows` picks the widgets that should show
 * the value (a radio group shows it in one of its buttons only).
 */
export function visibilityProblems(
  context: PDFContext,
  field: FormField,
  shows: (widget: FormWidget) => boolean = () => true,
): string[] {
  const widgets = field.widgets.filter((widget) => widget.pages.length > 0 && shows(widget));
  if (widgets.length === 0) {
    return [];
  }
  const hidden = widgets.filter(
    (widget) =>
      (annotationFlags(context, widget.dict) & (ANNOT_FLAGS.hidden | ANNOT_FLAGS.noView)) !== 0,
  );
  const offPage = widgets.filter(
    (widget) => !hidden.includes(widget) && isWidgetSetOutside(context, [widget]),
  );
  const problems: string[] = [];
  const scope = (count: number): string =>
    count === widgets.length
      ? widgets.length === 1
        ? "the field's box"
        : `all ${widgets.length} boxes of the field`
      : `${count} of the field's ${widgets.length} boxes`;
  if (hidden.length > 0) {
    problems.push(
      `${scope(hidden.length)} ${hidden.length === 1 ? 'is' : 'are'} hidden in the PDF (Hidden/NoView), so the value is stored but not shown there`,
    );
  }
  // Every box off the page is OUTSIDE_PAGE_PROBLEM, reported by the caller for the field.
  if (offPage.length > 0 && !isOutsideVisiblePage(context, field)) {
    problems.push(
      `${scope(offPage.length)} ${offPage.length === 1 ? 'lies' : 'lie'} outside the visible page, so the value is stored but not shown there`,
    );
  }
  return problems;
}

/** Text that fits only below the legibility floor is there but hard to read: say so. */
export function legibilityProblems(outcome: FieldOutcome, floor: number): string[] {
  const { fontSize, problems } = outcome;
  if (fontSize === null || fontSize >= floor || problems.some((p) => p.includes('does not fit'))) {
    return [];
  }
  return [`text is drawn at ${fontSize} pt, below the ${floor} pt legibility floor`];
}

/** Why a written value is not on the page (hidden or off-page boxes), if it is not. */
export function shownProblems(ctx: FillContext, field: FormField, outcome: FieldOutcome): string[] {
  const { written } = outcome;
  if (written === null || written === '' || (written === 'Off' && isButton(field))) {
    return [];
  }
  return visibilityProblems(ctx.context, field, (widget) =>
    isButton(field)
      ? onStates(ctx.context, widget.dict).some((state) => nameText(state) === written)
      : true,
  );
}

export function isButton(field: FormField): boolean {
  return field.kind === 'checkbox' || field.kind === 'radio';
}
