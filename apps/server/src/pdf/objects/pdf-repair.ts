// Making page widgets that the /AcroForm /Fields tree does not reach fillable by name.
//
// detectFields() finds fields from the pages' /Annots, but pdf-lib and pdftk fill through the
// /AcroForm /Fields tree, so a widget outside that tree is shown to the user and then silently
// not filled. The repair links each such widget into the tree: its top-level field goes into
// /Fields (creating /AcroForm when missing), or — when an ancestor is already in the tree but
// lost the widget from its /Kids — the widget is put back into that ancestor's /Kids.
import {
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRef,
} from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';
import { readPermissions, saveEncrypted, type PdfPermissions } from './pdf-encrypt.ts';
import { hasPdfHeader, hasUsableTrailer } from './pdf-structure.ts';
import { dropUnreachable } from './pdf-reachable.ts';
import { loopsNote, normaliseFieldLoops } from '../prepare/prepare-loops.ts';
import { scriptsNote, stripScripts } from '../prepare/prepare-scripts.ts';

const MAX_PARENT_DEPTH = 64;
const N = {
  AcroForm: PDFName.of('AcroForm'),
  Annots: PDFName.of('Annots'),
  Fields: PDFName.of('Fields'),
  Kids: PDFName.of('Kids'),
  Parent: PDFName.of('Parent'),
  Subtype: PDFName.of('Subtype'),
  Widget: PDFName.of('Widget'),
  T: PDFName.of('T'),
};

/** One planned change: append `child` to the /Kids of `parent`, or to /Fields when parent is null. */
type Link = { child: PDFRef; parent: PDFDict | null };

function asDict(context: PDFContext, value: PDFObject | undefined): PDFDict | undefined {
  const resolved = value === undefined ? undefined : context.lookup(value);
  return resolved instanceof PDFDict ? resolved : undefined;
}

function asArray(context: PDFContext, value: PDFObject | undefined): PDFArray | undefined {
  const resolved = value === undefined ? undefined : context.lookup(value);
  return resolved instanceof PDFArray ? resolved : undefined;
}

/** Every dictionary reachable from /AcroForm /Fields through /Kids (loops and junk tolerated). */
function fieldTree(doc: PDFDocument): Set<PDFDict> {
  const { context } = doc;
  const acroForm = asDict(context, doc.catalog.get(N.AcroForm));
  const reached = new Set<PDFDict>();
  const stack: PDFObject[] = [...(asArray(context, acroForm?.get(N.Fields))?.asArray() ?? [])];
  while (stack.length > 0) {
    const node = asDict(context, stack.pop());
    if (node === undefined || reached.has(node)) {
      continue;
    }
    reached.add(node);
    stack.push(...(asArray(context, node.get(N.Kids))?.asArray() ?? []));
  }
  return reached;
}

/** How to attach one orphan widget, or null when it cannot be done safely. */
function planLink(context: PDFContext, widgetRef: PDFRef, tree: Set<PDFDict>): Link | null {
  let childRef = widgetRef;
  let child = asDict(context, widgetRef);
  let named = child?.has(N.T) ?? false;
  const seen = new Set<PDFDict>();
  for (let depth = 0; child !== undefined && depth < MAX_PARENT_DEPTH; depth++) {
    seen.add(child);
    const parentRaw = child.get(N.Parent);
    if (parentRaw === undefined) {
      // `child` is the top-level field; a field without any /T could not be filled by name.
      return named ? { child: childRef, parent: null } : null;
    }
    const parent = asDict(context, parentRaw);
    if (!(parentRaw instanceof PDFRef) || parent === undefined || seen.has(parent)) {
      return null; // direct-object parent or a /Parent loop: leave the file alone
    }
    named ||= parent.has(N.T);
    if (tree.has(parent)) {
      // Only a node that already has /Kids is a non-terminal field we can add a kid to.
      return parent.get(N.Kids) !== undefined && asArray(context, parent.get(N.Kids))
        ? { child: childRef, parent }
        : null;
    }
    childRef = parentRaw;
    child = parent;
  }
  return null;
}

/** Links needed to put every page widget into the field tree (empty: nothing to repair). */
function planRepair(doc: PDFDocument): Link[] {
  const { context } = doc;
  const tree = fieldTree(doc);
  const links: Link[] = [];
  const planned = new Set<string>();
  for (const page of doc.getPages()) {
    for (const entry of asArray(context, page.node.get(N.Annots))?.asArray() ?? []) {
      const widget = asDict(context, entry);
      if (
        !(entry instanceof PDFRef) ||
        widget === undefined ||
        widget.get(N.Subtype) !== N.Widget ||
        tree.has(widget)
      ) {
        continue;
      }
      const link = planLink(context, entry, tree);
      const key =
        link &&
        `${link.child.toString()}>${link.parent ? (context.getObjectRef(link.parent)?.toString() ?? '?') : 'Fields'}`;
      if (link && key && !planned.has(key)) {
        planned.add(key);
        links.push(link);
      }
    }
  }
  return links;
}

function applyLinks(doc: PDFDocument, links: Link[]): void {
  const { context, catalog } = doc;
  let acroForm = asDict(context, catalog.get(N.AcroForm));
  if (acroForm === undefined) {
    acroForm = context.obj({});
    catalog.set(N.AcroForm, context.register(acroForm));
  }
  let fields = asArray(context, acroForm.get(N.Fields));
  if (fields === undefined) {
    fields = context.obj([]);
    acroForm.set(N.Fields, fields);
  }
  for (const { child, parent } of links) {
    const target = parent ? asArray(context, parent.get(N.Kids)) : fields;
    const present = target?.asArray().some((o) => o instanceof PDFRef && o === child) ?? true;
    if (target && !present) {
      target.push(child);
      markChanged(doc, parent ?? acroForm, target);
    }
  }
  markChanged(doc, catalog, acroForm, fields);
}

/** In incremental mode only changed indirect objects are written: flag the ones we touched. */
function markChanged(doc: PDFDocument, ...objects: PDFObject[]): void {
  const snapshot = doc.context.snapshot;
  for (const obj of objects) {
    const ref = doc.context.getObjectRef(obj);
    if (snapshot && ref) {
      snapshot.markRefForSave(ref);
    }
  }
}

export async function loadForRepair(
  bytes: Uint8Array,
): Promise<{ doc: PDFDocument; incremental: boolean; permissions?: PdfPermissions | null }> {
  try {
    const doc = await PDFDocument.load(bytes, {
      updateMetadata: false,
      forIncrementalUpdate: true,
      preserveXFA: true,
    });
    return { doc, incremental: true };
  } catch (error) {
    if (!(error instanceof EncryptedPDFError)) {
      throw error;
    }
  }
  // Encrypted (owner password only): appending plain objects to an encrypted file would be read
  // back as garbage, so decrypt with the empty user password and write an encrypted copy.
  const doc = await PDFDocument.load(bytes, {
    updateMetadata: false,
    password: '',
    preserveXFA: true,
  });
  return { doc, incremental: false, permissions: readPermissions(bytes, doc) };
}

/** What the upload repair did: the bytes to store and the notes for the template. */
export type RepairedPdf = {
  bytes: Uint8Array;
  notes: string[];
  /** True when loops in the field tree were broken (detection must read the repaired file). */
  loopsBroken: boolean;
  /** JavaScript actions removed (0: the repair was for other reasons). */
  scriptsRemoved: number;
};

/** The widget annotations on the pages, in page order. */
function pageWidgets(doc: PDFDocument): PDFDict[] {
  const { context } = doc;
  const widgets: PDFDict[] = [];
  for (const page of doc.getPages()) {
    for (const entry of asArray(context, page.node.get(N.Annots))?.asArray() ?? []) {
      const widget = asDict(context, entry);
      if (widget?.get(N.Subtype) === N.Widget) {
        widgets.push(widget);
      }
    }
  }
  return widgets;
}

/** Flags the indirect objects among `objects` for an incremental save. */
function markTouched(doc: PDFDocument, objects: Set<PDFObject>): void {
  const snapshot = doc.context.snapshot;
  if (!snapshot || objects.size === 0) {
    return;
  }
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (objects.has(object)) {
      snapshot.markRefForSave(ref);
    }
  }
}

/**
 * Return a copy of the PDF made safe and consistent for every tool that fills it later: its
 * JavaScript removed, loops in its field tree broken (prepare-loops.ts), and every widget
 * annotation on a page reachable from /AcroForm /Fields. Null when nothing needs doing or the
 * file cannot be changed safely.
 */
export async function repairPdf(bytes: Uint8Array): Promise<RepairedPdf | null> {
  if (bytes.byteLength === 0 || !hasPdfHeader(bytes) || !hasUsableTrailer(bytes)) {
    return null;
  }
  try {
    const { doc, incremental, permissions } = await loadForRepair(bytes.slice());
    const touched = new Set<PDFObject>();
    const touch = (object: PDFObject) => touched.add(object);
    const pages = doc.getPages().map((page) => page.node);
    const scripts = stripScripts(doc.context, doc.catalog, pages, touch);
    const loops = normaliseFieldLoops(doc.context, doc.catalog, pageWidgets(doc), touch);
    const links = planRepair(doc);
    if (scripts + loops + links.length === 0) {
      return null;
    }
    markTouched(doc, touched);
    if (links.length > 0) {
      applyLinks(doc, links);
    }
    const saveOptions = { addDefaultPage: false, updateFieldAppearances: false };
    // An update would keep the removed scripts in the file's earlier revision: rewrite it whole.
    if (scripts > 0) {
      dropUnreachable(doc.context);
    }
    const repaired =
      incremental && scripts === 0
        ? await doc.save(saveOptions)
        : permissions !== undefined && permissions !== null
          ? await saveEncrypted(doc, permissions)
          : await doc.save({ ...saveOptions, rewrite: true });
    // Check the result instead of trusting it: it must load and need no further repair.
    const check = await PDFDocument.load(repaired, { updateMetadata: false, password: '' });
    if (planRepair(check).length > 0) {
      return null;
    }
    const notes = [
      ...(scripts > 0 ? [scriptsNote(scripts)] : []),
      ...(loops > 0 ? [loopsNote(loops)] : []),
      ...(links.length > 0 ? [linksNote(links.length)] : []),
    ];
    return { bytes: repaired, notes, loopsBroken: loops > 0, scriptsRemoved: scripts };
  } catch {
    return null; // pdf-lib could not parse or write this file: never hand back a half-repair
  }
}

function linksNote(count: number): string {
  return `added ${count} page widget(s) missing from the form's field tree`;
}

/**
 * Return a copy of the PDF in which every widget annotation on a page is reachable from
 * /AcroForm /Fields (and no script or field-tree loop is left), or null when nothing needs
 * repair or the file cannot be repaired safely.
 */
export async function repairFieldTree(bytes: Uint8Array): Promise<Uint8Array | null> {
  return (await repairPdf(bytes))?.bytes ?? null;
}
