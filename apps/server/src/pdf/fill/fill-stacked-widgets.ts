import { type PDFArray, PDFDict, PDFName, PDFRef, type PDFContext } from '@cantoo/pdf-lib';
import type { FormField } from '../prepare/prepare-document.ts';
import { getArray, numberArray, pdfName } from '../prepare/prepare-objects.ts';

// Two widgets of one button field stacked on the same spot (a radio group whose options were
// drawn on top of each other, as on the Rhode Island DMV's LI-1): readers draw annotations in
// /Annots order, so the one listed later paints its "Off" box, opaque white, over the other's
// tick, and the selected option shows as empty in every engine. The ticked widget is moved
// after the siblings that cover it; when the page cannot be reached the fill reports it.

const OFF = PDFName.of('Off');

type Box = [number, number, number, number];

function boxOf(context: PDFContext, widget: PDFDict): Box | undefined {
  const rect = numberArray(context, getArray(context, widget, 'Rect'));
  if (!rect || rect.length !== 4) {
    return undefined;
  }
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = rect;
  return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
}

/** Whether `above` hides at least half of `below`. */
function covers(above: Box, below: Box): boolean {
  const width = Math.min(above[2], below[2]) - Math.max(above[0], below[0]);
  const height = Math.min(above[3], below[3]) - Math.max(above[1], below[1]);
  const area = (below[2] - below[0]) * (below[3] - below[1]);
  return width > 0 && height > 0 && area > 0 && width * height >= area / 2;
}

/**
 * The page's /Annots as a writable copy: looked up through its own reference when it is
 * indirect, else through the page's (/P), as a fill may only change what it looked up.
 */
function writableAnnots(context: PDFContext, widget: PDFDict): PDFArray | undefined {
  const pageRef = widget.get(pdfName('P'));
  const page = pageRef instanceof PDFRef ? context.lookup(pageRef) : undefined;
  return page instanceof PDFDict ? getArray(context, page, 'Annots') : undefined;
}

function isOn(widget: PDFDict): boolean {
  const state = widget.get(pdfName('AS'));
  return state instanceof PDFName && state !== OFF;
}

/**
 * After a button field's states are set: moves each ticked widget after every unticked sibling
 * listed after it on its page that covers it. Returns a problem when one cannot be moved.
 */
export function raiseTickedOverSiblings(context: PDFContext, field: FormField): string[] {
  const problems: string[] = [];
  for (const ticked of field.widgets.filter((widget) => isOn(widget.dict))) {
    const box = boxOf(context, ticked.dict);
    const siblings = field.widgets
      .filter((widget) => widget !== ticked && !isOn(widget.dict))
      .map((widget) => ({ dict: widget.dict, box: boxOf(context, widget.dict) }))
      .filter((sibling) => box && sibling.box && covers(sibling.box, box));
    if (!box || siblings.length === 0) {
      continue;
    }
    const annots = writableAnnots(context, ticked.dict);
    const entries = annots?.asArray() ?? [];
    const position = (dict: PDFDict): number =>
      entries.findIndex((entry) => entry === dict || context.lookup(entry) === dict);
    const at = position(ticked.dict);
    const lastCover = Math.max(...siblings.map((sibling) => position(sibling.dict)));
    if (lastCover < at) {
      continue; // Already drawn over every sibling that covers it.
    }
    const entry = entries[at];
    if (!annots || at < 0 || entry === undefined) {
      problems.push(
        'another option of this field lies on top of the selected one and may hide its tick',
      );
      continue;
    }
    // Not `remove`/`insert` on the array's own methods: the copy is written as a whole.
    const reordered = [...entries.slice(0, at), ...entries.slice(at + 1)];
    reordered.splice(lastCover, 0, entry);
    (annots as unknown as { array: typeof entries }).array = reordered;
  }
  return problems;
}
