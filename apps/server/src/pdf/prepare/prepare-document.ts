import { PDFArray, PDFDict, PDFPageLeaf, PDFPageTree, PDFRef } from '@cantoo/pdf-lib';
import type { PDFContext, PDFDocument, PDFObject } from '@cantoo/pdf-lib';
import { FieldTreeWalker, type FormField } from './prepare-fields.ts';
import { loopsNote, normaliseFieldLoops } from './prepare-loops.ts';
import { adoptOrphans } from './prepare-orphans.ts';
import { asDict, getArray, getDict, pdfName, peek } from './prepare-objects.ts';

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

type PageWidgets = {
  pageWidgets: Map<PDFDict, PDFDict[]>;
  /** The reference each widget is listed under in /Annots. */
  annotRefs: Map<PDFDict, PDFObject>;
};

/**
 * The page leaves in page-tree order, as pdf-lib's getPages finds them, read only (`peek`): a
 * fill only reads its pages (boxes, rotation, /Annots), so copying them, with their resources,
 * is waste. Undefined when a leaf is a direct object (then only a copy may be handed out).
 */
export function pageLeaves(context: PDFContext, catalog: PDFDict): PDFDict[] | undefined {
  const leaves: PDFDict[] = [];
  const seen = new Set<PDFDict>();
  const walk = (node: PDFDict): boolean => {
    seen.add(node);
    const kids = peek(context, node.get(pdfName('Kids')));
    for (let index = 0; kids instanceof PDFArray && index < kids.size(); index += 1) {
      const raw = kids.get(index);
      const kid = peek(context, raw);
      if (kid instanceof PDFPageTree && !seen.has(kid)) {
        if (!walk(kid)) {
          return false;
        }
      } else if (kid instanceof PDFPageLeaf) {
        if (!(raw instanceof PDFRef)) {
          return false;
        }
        leaves.push(kid);
      }
    }
    return true;
  };
  const root = peek(context, catalog.get(pdfName('Pages')));
  return root instanceof PDFPageTree && walk(root) ? leaves : undefined;
}

/**
 * Widget annotations on each page, in /Annots order (a widget may sit on several pages). Pages
 * and other annotations are only read; each widget is the fill's own copy (it gets filled).
 */
function collectPageWidgets(doc: PDFDocument): PageWidgets {
  const { context } = doc;
  const pageWidgets = new Map<PDFDict, PDFDict[]>();
  const annotRefs = new Map<PDFDict, PDFObject>();
  const leaves = pageLeaves(context, doc.catalog);
  // A direct widget inside a page read only would be the template's own object: then the
  // pages are copied, as before.
  const copyPages = !leaves || leaves.some((page) => hasDirectWidget(context, page));
  const pages = copyPages ? doc.getPages().map((page) => page.node) : leaves;
  for (const page of pages) {
    const widgets: PDFDict[] = [];
    const annots = peek(context, page.get(pdfName('Annots')));
    for (let index = 0; annots instanceof PDFArray && index < annots.size(); index += 1) {
      const raw = annots.get(index);
      const annot = peek(context, raw);
      if (annot instanceof PDFDict && isWidget(context, annot)) {
        const widget = raw instanceof PDFRef ? asDict(context, raw) : annot;
        if (widget) {
          widgets.push(widget);
          if (raw instanceof PDFRef) {
            annotRefs.set(widget, raw);
          }
        }
      }
    }
    pageWidgets.set(page, widgets);
  }
  return { pageWidgets, annotRefs };
}

function isWidget(context: PDFContext, annot: PDFDict): boolean {
  return peek(context, annot.get(pdfName('Subtype'))) === WIDGET;
}

function hasDirectWidget(context: PDFContext, page: PDFDict): boolean {
  const annots = peek(context, page.get(pdfName('Annots')));
  if (!(annots instanceof PDFArray)) {
    return false;
  }
  for (let index = 0; index < annots.size(); index += 1) {
    const annot = annots.get(index);
    if (annot instanceof PDFDict && isWidget(context, annot)) {
      return true;
    }
  }
  return false;
}

/**
 * Reads the form's field tree for filling and repairs it in place so that the filled file is
 * consistent for every reader: page widgets missing from /Fields are adopted, loops and bogus
 * kids removed, a missing /AcroForm created.
 */
export function prepareForm(doc: PDFDocument): PreparedForm {
  const { context } = doc;
  const notes: string[] = [];
  const { pageWidgets, annotRefs } = collectPageWidgets(doc);
  const pagesOf = new Map<PDFDict, PDFDict[]>();
  for (const [page, widgets] of pageWidgets) {
    for (const widget of widgets) {
      pagesOf.set(widget, [...(pagesOf.get(widget) ?? []), page]);
    }
  }
  // Templates stored before uploads broke loops: name their fields as detection did.
  const loops = normaliseFieldLoops(context, doc.catalog, [...pagesOf.keys()], () => undefined);
  if (loops > 0) {
    notes.push(loopsNote(loops));
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
