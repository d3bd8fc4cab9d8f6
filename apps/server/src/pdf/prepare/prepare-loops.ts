import { type PDFArray, type PDFDict, PDFRef } from '@cantoo/pdf-lib';
import type { PDFContext } from '@cantoo/pdf-lib';
import type { TouchObject } from './prepare-scripts.ts';
import { asDict, getArray, getDict, pdfName } from './prepare-objects.ts';

// One rule for a field tree whose /Parent links loop (issue 35: upload said 201, then every
// generation 422). Detection (pdf.js) names a field by walking /Parent up from its widget and
// stopping at the first field it passed already; the fill walks /Fields down through /Kids. Both
// agree once the tree is made to say what pdf.js reads: the /Parent link that leads back is
// dropped, and /Fields lists the top of each chain it reached only part-way. Run on upload (the
// stored file is then loop-free and detected after) and before every fill (older templates).

const PARENT = pdfName('Parent');
const KIDS = pdfName('Kids');
const MAX_NODES = 200_000;

/** A field dictionary and the object number it was reached by (undefined: a direct object). */
type Node = { dict: PDFDict; ref: PDFRef | undefined };

/**
 * Drops each /Parent link that closes a loop, walking up from every start (widgets in page
 * order, then /Fields entries), and returns how many were dropped. Nodes already walked are not
 * walked again, so the cost is linear in the tree.
 */
function dropParentLoops(context: PDFContext, starts: PDFDict[], touch: TouchObject): number {
  const settled = new Set<PDFDict>();
  let dropped = 0;
  for (const start of starts) {
    const passed = new Set<PDFDict>([start]);
    let node = start;
    while (!settled.has(node) && passed.size < MAX_NODES) {
      const parent = asDict(context, node.get(PARENT));
      if (!parent) {
        break;
      }
      if (passed.has(parent)) {
        node.delete(PARENT);
        touch(node);
        dropped += 1;
        break;
      }
      passed.add(parent);
      node = parent;
    }
    for (const dict of passed) {
      settled.add(dict);
    }
  }
  return dropped;
}

/** The chain from `entry` up to its top field, each with the reference its child names it by. */
function chainUp(context: PDFContext, entry: Node): Node[] {
  const chain: Node[] = [entry];
  let current = entry.dict;
  while (chain.length < MAX_NODES) {
    const raw = current.get(PARENT);
    const parent = asDict(context, raw);
    if (!parent || !(raw instanceof PDFRef)) {
      break;
    }
    chain.push({ dict: parent, ref: raw });
    current = parent;
  }
  return chain;
}

function listsRef(array: PDFArray | undefined, ref: PDFRef): boolean {
  return array?.asArray().some((item) => item === ref) ?? false;
}

/**
 * A /Fields entry with a /Parent whose top field is not listed: the fill would name it from
 * itself, pdf.js from its top field. The entry is replaced by that top field, and every parent
 * on the way lists its child in /Kids, so walking down reaches it under the same name.
 */
function listChainTops(context: PDFContext, fields: PDFArray, touch: TouchObject): number {
  let replaced = 0;
  const listed = new Set(fields.asArray().filter((item) => item instanceof PDFRef));
  for (let index = 0; index < fields.size(); index += 1) {
    const raw = fields.get(index);
    const dict = asDict(context, raw);
    if (!dict || !(raw instanceof PDFRef) || !dict.has(PARENT)) {
      continue;
    }
    const chain = chainUp(context, { dict, ref: raw });
    const top = chain[chain.length - 1]!;
    if (!top.ref || listed.has(top.ref)) {
      continue; // a kid listed twice: the walk lets its parent claim it
    }
    for (let step = 1; step < chain.length; step += 1) {
      const { dict: parent } = chain[step]!;
      const child = chain[step - 1]!.ref!;
      let kids = getArray(context, parent, 'Kids');
      if (!kids) {
        kids = context.obj([]);
        parent.set(KIDS, kids);
      }
      if (!listsRef(kids, child)) {
        kids.push(child);
        touch(parent);
      }
    }
    fields.set(index, top.ref);
    listed.add(top.ref);
    touch(fields);
    replaced += 1;
  }
  return replaced;
}

/**
 * Makes the form's field tree read the same top-down (/Fields, /Kids) as bottom-up (/Parent,
 * as pdf.js names fields): loops in /Parent links broken, /Fields listing the tops of chains.
 * `widgets` are the page widgets in page order. Returns the number of links changed.
 */
export function normaliseFieldLoops(
  context: PDFContext,
  catalog: PDFDict,
  widgets: PDFDict[],
  touch: TouchObject,
): number {
  const acroForm = getDict(context, catalog, 'AcroForm');
  const fields = acroForm ? getArray(context, acroForm, 'Fields') : undefined;
  const entries = (fields?.asArray() ?? [])
    .map((raw) => asDict(context, raw))
    .filter((dict): dict is PDFDict => dict !== undefined);
  let changed = dropParentLoops(context, [...widgets, ...entries], touch);
  if (acroForm && fields) {
    // The array, /AcroForm and the catalog: whichever of them is an indirect object holds it.
    changed += listChainTops(context, fields, (object) => {
      touch(object);
      touch(fields);
      touch(acroForm);
      touch(catalog);
    });
  }
  return changed;
}

/** The detection note for `count` changed links. */
export function loopsNote(count: number): string {
  return `repaired ${count} link(s) that made the form's field tree loop`;
}
