import { PDFArray, type PDFContext, type PDFDict } from '@cantoo/pdf-lib';
import type { FormField } from './prepare-fields.ts';
import { getArray, inherited, numberArray } from './prepare-objects.ts';

// Some real forms carry widgets placed beyond the page's visible area (a header box above the
// CropBox, say): the value is stored, but no viewer shows it. The report must say so.

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

function pageBox(context: PDFContext, page: PDFDict): Box | undefined {
  for (const key of ['CropBox', 'MediaBox']) {
    const value = inherited(context, page, key);
    const box = value instanceof PDFArray ? toBox(numberArray(context, value)) : undefined;
    if (box) {
      return box;
    }
  }
  return undefined;
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
  const placed = field.widgets.flatMap((widget) =>
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
