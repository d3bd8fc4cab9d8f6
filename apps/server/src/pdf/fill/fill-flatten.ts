import { PDFArray, PDFDict, PDFRef, PDFStream } from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';
import { num } from './fill-appearance.ts';
import type { PreparedForm } from '../prepare/prepare-document.ts';
import {
  asDict,
  getArray,
  getDict,
  getName,
  getNumber,
  inherited,
  numberArray,
  pdfName,
  resolve,
} from '../prepare/prepare-objects.ts';

// Flattening: every widget's current normal appearance is drawn into its page's content as a
// form XObject placed on the widget rectangle, then the widgets and the form are removed.

const HIDDEN = 1 << 1;
const NO_VIEW = 1 << 5;

/** The appearance stream a viewer shows for the widget now (by /AS when there are states). */
function currentAppearance(context: PDFContext, widget: PDFDict): PDFObject | undefined {
  const ap = getDict(context, widget, 'AP');
  const normal = ap?.get(pdfName('N'));
  const resolved = resolve(context, normal);
  if (resolved instanceof PDFStream) {
    return normal;
  }
  if (resolved instanceof PDFDict) {
    const state = getName(context, widget, 'AS');
    const chosen = state ? resolved.get(state) : undefined;
    return resolve(context, chosen) instanceof PDFStream ? chosen : undefined;
  }
  return undefined;
}

function transformedBox(bbox: number[], matrix: number[]): [number, number, number, number] {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = bbox;
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = matrix;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [x1, y1],
    [x1, y2],
    [x2, y1],
    [x2, y2],
  ] as const) {
    xs.push(a * x + c * y + e);
    ys.push(b * x + d * y + f);
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** `cm` operands that map the appearance's (transformed) bounding box onto the widget's /Rect. */
function placement(context: PDFContext, widget: PDFDict, stream: PDFStream): number[] | undefined {
  const rect = numberArray(context, getArray(context, widget, 'Rect'));
  const bbox = numberArray(context, getArray(context, stream.dict, 'BBox'));
  if (!rect || rect.length < 4 || !bbox || bbox.length < 4) {
    return undefined;
  }
  const matrix = numberArray(context, getArray(context, stream.dict, 'Matrix')) ?? [
    1, 0, 0, 1, 0, 0,
  ];
  const [bx1, by1, bx2, by2] = transformedBox(bbox, matrix);
  const [r1 = 0, r2 = 0, r3 = 0, r4 = 0] = rect;
  const [rx1, ry1, rx2, ry2] = [
    Math.min(r1, r3),
    Math.min(r2, r4),
    Math.max(r1, r3),
    Math.max(r2, r4),
  ];
  if (bx2 - bx1 < 1e-6 || by2 - by1 < 1e-6) {
    return undefined;
  }
  const sx = (rx2 - rx1) / (bx2 - bx1);
  const sy = (ry2 - ry1) / (by2 - by1);
  return [sx, 0, 0, sy, rx1 - sx * bx1, ry1 - sy * by1];
}

/**
 * Makes an appearance stream a well-formed form XObject. Viewers draw a widget's appearance
 * without /Subtype /Form or /BBox (the widget says what it is), but as page content a stream
 * without them is skipped, so a flattened prefilled value would vanish.
 */
function asFormXObject(context: PDFContext, widget: PDFDict, stream: PDFStream): void {
  stream.dict.set(pdfName('Type'), pdfName('XObject'));
  stream.dict.set(pdfName('Subtype'), pdfName('Form'));
  const bbox = numberArray(context, getArray(context, stream.dict, 'BBox'));
  const rect = numberArray(context, getArray(context, widget, 'Rect'));
  if ((!bbox || bbox.length < 4) && rect && rect.length >= 4) {
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = rect;
    stream.dict.set(pdfName('BBox'), context.obj([0, 0, Math.abs(x2 - x1), Math.abs(y2 - y1)]));
  }
}

/** The page's resource dictionary for adding XObjects (inherited ones are shared, not copied). */
function pageXObjects(context: PDFContext, page: PDFDict): PDFDict {
  let resources = asDict(context, inherited(context, page, 'Resources'));
  if (!resources) {
    resources = context.obj({});
    page.set(pdfName('Resources'), resources);
  }
  let xobjects = getDict(context, resources, 'XObject');
  if (!xobjects) {
    xobjects = context.obj({});
    resources.set(pdfName('XObject'), xobjects);
  }
  return xobjects;
}

/** Appends `content` to the page, isolating the existing content's graphics state first. */
function appendContent(context: PDFContext, page: PDFDict, content: string): void {
  const existing = page.get(pdfName('Contents'));
  const drawing = context.register(context.stream(content, {}));
  if (existing === undefined) {
    page.set(pdfName('Contents'), drawing);
    return;
  }
  const save = context.register(context.stream('q', {}));
  const restore = context.register(context.stream('Q', {}));
  const resolved = resolve(context, existing);
  const parts: PDFObject[] = resolved instanceof PDFArray ? resolved.asArray() : [existing];
  page.set(pdfName('Contents'), context.obj([save, ...parts, restore, drawing]));
}

/**
 * Makes the filled document non-editable: widget appearances go into the page content,
 * widget annotations and the AcroForm are removed. Hidden widgets are dropped undrawn.
 */
export function flattenForm(context: PDFContext, catalog: PDFDict, form: PreparedForm): void {
  const defaultResources = form.acroForm ? form.acroForm.get(pdfName('DR')) : undefined;
  let counter = 0;
  for (const [page, widgets] of form.pageWidgets) {
    if (widgets.length === 0) {
      continue;
    }
    const ops: string[] = [];
    const xobjects = pageXObjects(context, page);
    for (const widget of widgets) {
      const flags = getNumber(context, widget, 'F') ?? 0;
      const appearance = currentAppearance(context, widget);
      const stream = resolve(context, appearance);
      if (flags & (HIDDEN | NO_VIEW) || !appearance || !(stream instanceof PDFStream)) {
        continue;
      }
      asFormXObject(context, widget, stream);
      const cm = placement(context, widget, stream);
      if (!cm) {
        continue;
      }
      // Appearances that lean on the form's default resources need them once on the page.
      if (!stream.dict.has(pdfName('Resources')) && defaultResources) {
        stream.dict.set(pdfName('Resources'), defaultResources);
      }
      const ref = appearance instanceof PDFRef ? appearance : context.register(stream);
      let name = `FbFlat${counter}`;
      while (xobjects.has(pdfName(name))) {
        counter += 1;
        name = `FbFlat${counter}`;
      }
      counter += 1;
      xobjects.set(pdfName(name), ref);
      ops.push(`q ${cm.map(num).join(' ')} cm /${name} Do Q`);
    }
    removeWidgets(context, page, new Set(widgets));
    if (ops.length > 0) {
      appendContent(context, page, ops.join('\n'));
    }
  }
  catalog.delete(pdfName('AcroForm'));
}

function removeWidgets(context: PDFContext, page: PDFDict, widgets: Set<PDFDict>): void {
  const annots = getArray(context, page, 'Annots');
  if (!annots) {
    return;
  }
  for (let index = annots.size() - 1; index >= 0; index -= 1) {
    const annot = asDict(context, annots.get(index));
    if (annot && widgets.has(annot)) {
      annots.remove(index);
    }
  }
  if (annots.size() === 0) {
    page.delete(pdfName('Annots'));
  }
}
