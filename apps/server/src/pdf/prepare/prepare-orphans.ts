import { PDFString } from '@cantoo/pdf-lib';
import type { PDFArray, PDFContext, PDFDict, PDFDocument, PDFObject } from '@cantoo/pdf-lib';
import type { FieldTreeWalker } from './prepare-fields.ts';
import { asDict, getArray, getDict, inherited, pdfName } from './prepare-objects.ts';

// Repair of widgets that sit on pages but are missing from /AcroForm /Fields.

interface ChainLink {
  dict: PDFDict;
  /** How the link is referenced by its child's /Parent (or by /Annots for the widget). */
  raw: PDFObject;
}

/** The widget and its ancestors, each with the object that pointed to it. */
function chainOf(context: PDFContext, widget: PDFDict, raw: PDFObject): ChainLink[] {
  const chain: ChainLink[] = [{ dict: widget, raw }];
  const seen = new Set<PDFDict>([widget]);
  let current = widget;
  while (chain.length < 64) {
    const parentRaw = current.get(pdfName('Parent'));
    const parent = asDict(context, parentRaw);
    if (!parent || !parentRaw || seen.has(parent)) {
      break;
    }
    chain.push({ dict: parent, raw: parentRaw });
    seen.add(parent);
    current = parent;
  }
  return chain;
}

function kidsOf(context: PDFContext, dict: PDFDict): PDFArray {
  const kids = getArray(context, dict, 'Kids');
  if (kids) {
    return kids;
  }
  const created = context.obj([]);
  dict.set(pdfName('Kids'), created);
  return created;
}

/** The /AcroForm dictionary, created (with an empty /Fields) when the catalog has none. */
function ensureAcroForm(doc: PDFDocument): { acroForm: PDFDict; fields: PDFArray } {
  const { context, catalog } = doc;
  let acroForm = getDict(context, catalog, 'AcroForm');
  if (!acroForm) {
    acroForm = context.obj({ Fields: [] });
    acroForm.set(pdfName('DA'), PDFString.of('/Helv 0 Tf 0 g'));
    catalog.set(pdfName('AcroForm'), context.register(acroForm));
  }
  let fields = getArray(context, acroForm, 'Fields');
  if (!fields) {
    fields = context.obj([]);
    acroForm.set(pdfName('Fields'), fields);
  }
  return { acroForm, fields };
}

/**
 * Attaches widgets that sit on pages but are missing from the field tree: to the nearest
 * ancestor that is in the tree, else their root field goes into /AcroForm /Fields (created
 * when the document has no /AcroForm at all).
 */
export function adoptOrphans(
  doc: PDFDocument,
  walker: FieldTreeWalker,
  pageWidgets: Map<PDFDict, PDFDict[]>,
  annotRefs: Map<PDFDict, PDFObject>,
): number {
  const { context } = doc;
  let adopted = 0;
  for (const widgets of pageWidgets.values()) {
    for (const widget of widgets) {
      if (walker.visited.has(widget)) {
        continue;
      }
      const chain = chainOf(context, widget, annotRefs.get(widget) ?? widget);
      const anchorIndex = chain.findIndex(
        (link, index) => index > 0 && walker.visited.has(link.dict),
      );
      if (anchorIndex > 0) {
        const anchor = chain[anchorIndex];
        const child = chain[anchorIndex - 1];
        if (!anchor || !child) {
          continue;
        }
        kidsOf(context, anchor.dict).push(child.raw);
        const prefix = walker.names.get(anchor.dict) ?? '';
        if (child.dict === widget && !widget.has(pdfName('T'))) {
          const owner = walker.fieldOf.get(anchor.dict);
          walker.visited.add(widget);
          if (owner) {
            owner.widgets.push({ dict: widget, pages: walker.pagesOf.get(widget) ?? [] });
          } else {
            walker.addField(anchor.dict, prefix, [widget]);
          }
        } else {
          walker.visit(child.dict, prefix);
        }
        adopted += 1;
        continue;
      }
      const root = chain[chain.length - 1];
      if (
        !root ||
        (!root.dict.has(pdfName('T')) && inherited(context, root.dict, 'FT') === undefined)
      ) {
        continue; // A widget with neither a name nor a field type is not a form field.
      }
      ensureAcroForm(doc).fields.push(root.raw);
      walker.visit(root.dict, '');
      adopted += 1;
    }
  }
  return adopted;
}
