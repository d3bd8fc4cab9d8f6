import { PDFArray, type PDFDict, PDFRef } from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';
import { asDict, getArray, getName, pdfName, resolve } from './prepare-objects.ts';

// PDF JavaScript removed from templates (issue 35): our fills never run it, and a script that
// reformats, recalculates or clears a field when the filled form is opened would show the reader
// something else than what we wrote (or run whatever it was made to run). Removed: the
// document's /OpenAction and /AA, the /Names /JavaScript tree, and /AA and /A on pages,
// annotations and fields. Actions of other kinds (a link's GoTo, a button's URI) stay.

/** Called with the indirect object that holds each change (to mark it for an incremental save). */
export type TouchObject = (owner: PDFObject) => void;

const MAX_ACTION_CHAIN = 64;
const MAX_FIELD_NODES = 200_000;

/** True when the action, or any action of its /Next chain, is a script. */
function isScriptAction(context: PDFContext, object: PDFObject | undefined, depth = 0): boolean {
  const action = asDict(context, object);
  if (!action || depth > MAX_ACTION_CHAIN) {
    return false;
  }
  if (getName(context, action, 'S')?.decodeText() === 'JavaScript' || action.has(pdfName('JS'))) {
    return true;
  }
  const next = resolve(context, action.get(pdfName('Next')));
  if (next instanceof PDFArray) {
    return next.asArray().some((item) => isScriptAction(context, item, depth + 1));
  }
  return next !== undefined && isScriptAction(context, next, depth + 1);
}

/** The indirect object a change to `raw` (found inside `owner`) must be saved with. */
function ownerOf(context: PDFContext, raw: PDFObject | undefined, owner: PDFDict): PDFDict {
  return raw instanceof PDFRef ? (asDict(context, raw) ?? owner) : owner;
}

class ScriptStripper {
  removed = 0;
  private readonly context: PDFContext;
  private readonly touch: TouchObject;

  constructor(context: PDFContext, touch: TouchObject) {
    this.context = context;
    this.touch = touch;
  }

  /** Drops script actions from `holder`'s /AA and its `actionKeys` (/A, /OpenAction). */
  strip(holder: PDFDict, owner: PDFDict, actionKeys: string[]): void {
    for (const key of actionKeys) {
      if (isScriptAction(this.context, holder.get(pdfName(key)))) {
        holder.delete(pdfName(key));
        this.removed += 1;
        this.touch(owner);
      }
    }
    const rawAa = holder.get(pdfName('AA'));
    const aa = asDict(this.context, rawAa);
    if (!aa) {
      return;
    }
    const aaOwner = ownerOf(this.context, rawAa, owner);
    for (const key of aa.keys()) {
      if (isScriptAction(this.context, aa.get(key))) {
        aa.delete(key);
        this.removed += 1;
        this.touch(aaOwner);
      }
    }
    if (aa.keys().length === 0) {
      holder.delete(pdfName('AA'));
      this.touch(owner);
    }
  }
}

/**
 * Removes every JavaScript action a viewer could run from `catalog`'s document: on opening, in
 * the name tree, and on pages, annotations and form fields. Returns the number removed.
 */
export function stripScripts(
  context: PDFContext,
  catalog: PDFDict,
  pages: PDFDict[],
  touch: TouchObject,
): number {
  const stripper = new ScriptStripper(context, touch);
  stripper.strip(catalog, catalog, ['OpenAction']);
  const rawNames = catalog.get(pdfName('Names'));
  const names = asDict(context, rawNames);
  if (names?.has(pdfName('JavaScript'))) {
    names.delete(pdfName('JavaScript'));
    stripper.removed += 1;
    touch(ownerOf(context, rawNames, catalog));
  }
  for (const page of pages) {
    stripper.strip(page, page, []);
    const rawAnnots = page.get(pdfName('Annots'));
    const annots = getArray(context, page, 'Annots');
    for (const raw of annots?.asArray() ?? []) {
      const annot = asDict(context, raw);
      if (annot) {
        stripper.strip(annot, ownerOf(context, raw, ownerOf(context, rawAnnots, page)), ['A']);
      }
    }
  }
  // Fields without a widget on a page (and parents) carry /AA too: walk the field tree.
  const rawForm = catalog.get(pdfName('AcroForm'));
  const acroForm = asDict(context, rawForm);
  const stack: Array<{ raw: PDFObject; owner: PDFDict }> = [];
  const formOwner = acroForm ? ownerOf(context, rawForm, catalog) : catalog;
  for (const raw of (acroForm && getArray(context, acroForm, 'Fields')?.asArray()) ?? []) {
    stack.push({ raw, owner: formOwner });
  }
  const seen = new Set<PDFDict>();
  while (stack.length > 0 && seen.size < MAX_FIELD_NODES) {
    const { raw, owner } = stack.pop()!;
    const node = asDict(context, raw);
    if (!node || seen.has(node)) {
      continue;
    }
    seen.add(node);
    const nodeOwner = ownerOf(context, raw, owner);
    stripper.strip(node, nodeOwner, ['A']);
    for (const kid of getArray(context, node, 'Kids')?.asArray() ?? []) {
      stack.push({ raw: kid, owner: nodeOwner });
    }
  }
  return stripper.removed;
}

/** The detection note for `count` removed scripts. */
export function scriptsNote(count: number): string {
  return `removed ${count} JavaScript action(s): scripts in a form never run in the forms made from it`;
}
