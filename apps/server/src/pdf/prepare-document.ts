import { PDFRef } from '@cantoo/pdf-lib';
import type { PDFDict, PDFDocument, PDFObject } from '@cantoo/pdf-lib';
import { FieldTreeWalker, type FormField } from './prepare-fields.ts';
import { adoptOrphans } from './prepare-orphans.ts';
import { asDict, getArray, getDict, getName, pdfName } from './prepare-objects.ts';

export { FIELD_FLAGS } from './prepare-fields.ts';
export type { FieldKind, FormField, FormWidget } from './prepare-fields.ts';

/** The form of a loaded document, with its field tree repaired. */
export interface PreparedForm {
  acroForm: PDFDict | undefined;
  fields: FormField[];
  /** Same-named fields (several field objects with one full name) share an entry. */
  byName: Map<string, FormField[]>;
  /** Widget annotations per page, for flattening. */
  pageWidgets: Map<PDFDict, PDFDict[]>;
  notes: string[];
}

// Names are pooled: a /Subtype that reads "Widget" is this very object.
const WIDGET = pdfName('Widget');

/** Widget annotations on each page, in /Annots order (a widget may sit on several pages). */
function collectPageWidgets(doc: PDFDocument): Map<PDFDict, PDFDict[]> {
  const { context } = doc;
  const pageWidgets = new Map<PDFDict, PDFDict[]>();
  for (const page of doc.getPages()) {
    const widgets: PDFDict[] = [];
    const annots = getArray(context, page.node, 'Annots');
    for (let index = 0; annots && index < annots.size(); index += 1) {
      const annot = asDict(context, annots.get(index));
      if (annot && getName(context, annot, 'Subtype') === WIDGET) {
        widgets.push(annot);
      }
    }
    pageWidgets.set(page.node, widgets);
  }
  return pageWidgets;
}

/**
 * Reads the form's field tree for filling and repairs it in place so that the filled file is
 * consistent for every reader: page widgets missing from /Fields are adopted, loops and bogus
 * kids removed, a missing /AcroForm created.
 */
export function prepareForm(doc: PDFDocument): PreparedForm {
  const { context } = doc;
  const notes: string[] = [];
  const pageWidgets = collectPageWidgets(doc);
  const pagesOf = new Map<PDFDict, PDFDict[]>();
  const annotRefs = new Map<PDFDict, PDFObject>();
  for (const [page, widgets] of pageWidgets) {
    for (const widget of widgets) {
      pagesOf.set(widget, [...(pagesOf.get(widget) ?? []), page]);
    }
    const annots = getArray(context, page, 'Annots');
    for (let index = 0; annots && index < annots.size(); index += 1) {
      const raw = annots.get(index);
      const dict = asDict(context, raw);
      if (dict && raw instanceof PDFRef) {
        annotRefs.set(dict, raw);
      }
    }
  }
  const walker = new FieldTreeWalker(context, pagesOf);
  const acroFormBefore = getDict(context, doc.catalog, 'AcroForm');
  const roots = acroFormBefore ? getArray(context, acroFormBefore, 'Fields') : undefined;
  // Entries that name a parent are kids listed twice; let their parent claim them first.
  const deferred: PDFDict[] = [];
  for (let index = 0; roots && index < roots.size(); index += 1) {
    const root = asDict(context, roots.get(index));
    if (!root || walker.visited.has(root)) {
      continue;
    }
    if (getDict(context, root, 'Parent')) {
      deferred.push(root);
    } else {
      walker.visit(root, '');
    }
  }
  for (const root of deferred) {
    if (!walker.visited.has(root)) {
      walker.visit(root, '');
    }
  }
  const adopted = adoptOrphans(doc, walker, pageWidgets, annotRefs);
  if (adopted > 0) {
    notes.push(`added ${adopted} page widget(s) missing from the form's field tree`);
  }
  if (walker.repairs > 0) {
    notes.push(`repaired ${walker.repairs} broken link(s) in the form's field tree`);
  }
  const byName = new Map<string, FormField[]>();
  for (const field of walker.fields) {
    byName.set(field.name, [...(byName.get(field.name) ?? []), field]);
  }
  return {
    acroForm: getDict(context, doc.catalog, 'AcroForm'),
    fields: walker.fields,
    byName,
    pageWidgets,
    notes,
  };
}
