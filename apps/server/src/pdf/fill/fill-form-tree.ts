import type { PDFDict, PDFDocument, PDFRef } from '@cantoo/pdf-lib';
import { touchedObjects, type TemplatePlan } from './fill-plan.ts';
import {
  pageLeaves,
  prepareForm,
  type FieldKind,
  type FormField,
  type PreparedForm,
} from '../prepare/prepare-document.ts';
import { getDict } from '../prepare/prepare-objects.ts';

// The field tree of a template is the same for every record: the first fill of a plan walks it
// (prepareForm) and keeps it as object numbers, later fills look the same objects up in their
// own copy instead of walking the tree again (names decoded, kinds and flags inherited, parent
// nodes copied and compared with the template although a fill never changes them).

type TreeField = {
  name: string;
  ref: PDFRef;
  kind: FieldKind;
  flags: number;
  widgets: Array<{ ref: PDFRef; pages: number[] }>;
};

/** The walk's result as references; page numbers index `pageLeaves`. */
type FieldTree = { fields: TreeField[]; pageWidgets: PDFRef[][]; pageCount: number };

/** Per plan: the tree, or null when it cannot be reused (the walk repaired or adopted). */
const trees = new WeakMap<TemplatePlan, FieldTree | null>();

function recordTree(doc: PDFDocument, form: PreparedForm): FieldTree | null {
  const { context } = doc;
  const touched = touchedObjects(context);
  const leaves = pageLeaves(context, doc.catalog);
  const pages = [...form.pageWidgets.keys()];
  // Repairs and adoptions change the fill's copy: only a tree read as it is can be replayed.
  if (!touched || !leaves || form.notes.length > 0 || pages.length !== leaves.length) {
    return null;
  }
  if (pages.some((page, index) => page !== leaves[index])) {
    return null;
  }
  const refOf = new Map<unknown, PDFRef>();
  for (const [ref, object] of touched) {
    refOf.set(object, ref);
  }
  const pageIndex = new Map(pages.map((page, index) => [page, index]));
  const fields: TreeField[] = [];
  for (const field of form.fields) {
    const ref = refOf.get(field.dict);
    if (!ref) {
      return null;
    }
    const widgets: TreeField['widgets'] = [];
    for (const widget of field.widgets) {
      const widgetRef = refOf.get(widget.dict);
      const onPages = widget.pages.map((page) => pageIndex.get(page) ?? -1);
      if (!widgetRef || onPages.includes(-1)) {
        return null;
      }
      widgets.push({ ref: widgetRef, pages: onPages });
    }
    fields.push({ name: field.name, ref, kind: field.kind, flags: field.flags, widgets });
  }
  const pageWidgets: PDFRef[][] = [];
  for (const widgets of form.pageWidgets.values()) {
    const refs = widgets.map((widget) => refOf.get(widget));
    if (refs.some((ref) => ref === undefined)) {
      return null;
    }
    pageWidgets.push(refs as PDFRef[]);
  }
  return { fields, pageWidgets, pageCount: pages.length };
}

function replayTree(doc: PDFDocument, tree: FieldTree): PreparedForm | undefined {
  const { context } = doc;
  const leaves = pageLeaves(context, doc.catalog);
  if (!leaves || leaves.length !== tree.pageCount) {
    return undefined;
  }
  const dictOf = (ref: PDFRef) => context.lookup(ref) as PDFDict;
  const pageWidgets = new Map<PDFDict, PDFDict[]>();
  tree.pageWidgets.forEach((refs, index) => {
    const page = leaves[index];
    if (page) {
      pageWidgets.set(page, refs.map(dictOf));
    }
  });
  const fields: FormField[] = [];
  const byName = new Map<string, FormField[]>();
  for (const { name, ref, kind, flags, widgets } of tree.fields) {
    const field: FormField = {
      name,
      dict: dictOf(ref),
      kind,
      flags,
      widgets: widgets.map((widget) => ({
        dict: dictOf(widget.ref),
        pages: widget.pages.map((index) => leaves[index] as PDFDict),
      })),
    };
    fields.push(field);
    byName.set(name, [...(byName.get(name) ?? []), field]);
  }
  const acroForm = getDict(context, doc.catalog, 'AcroForm');
  return { acroForm, fields, byName, pageWidgets, notes: [] };
}

/**
 * `prepareForm` for a document copied lazily from `plan` (an incremental fill): the plan's
 * first fill walks the field tree, later ones reuse what it found.
 */
export function prepareFromPlan(doc: PDFDocument, plan: TemplatePlan): PreparedForm {
  const tree = trees.get(plan);
  const replayed = tree ? replayTree(doc, tree) : undefined;
  if (replayed) {
    return replayed;
  }
  const form = prepareForm(doc);
  if (tree === undefined) {
    trees.set(plan, recordTree(doc, form));
  }
  return form;
}
