import {
  PDFDict,
  PDFName,
  PDFRawStream,
  PDFRef,
  decodePDFRawStream,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import {
  appearanceStream,
  defaultAppearanceOf,
  frameOperators,
  num,
  widgetGeometry,
} from './fill-appearance.ts';
import type { FillContext } from './fill-context.ts';
import type { FormField, FormWidget } from '../prepare/prepare-document.ts';
import { asDict, getDict, pdfName, peek, resolve } from '../prepare/prepare-objects.ts';

// Checkbox appearances we draw ourselves: for boxes that have none, and for "on" appearances
// that cannot draw their mark (a check glyph in a font the stream does not define).

const OFF = PDFName.of('Off');

/** A filled circle of radius `r` around (cx, cy), from four Bézier quarter arcs. */
function dot(fill: string, cx: number, cy: number, r: number): string {
  const k = r * 0.5523;
  return (
    `q ${fill} ${num(cx + r)} ${num(cy)} m ` +
    `${num(cx + r)} ${num(cy + k)} ${num(cx + k)} ${num(cy + r)} ${num(cx)} ${num(cy + r)} c ` +
    `${num(cx - k)} ${num(cy + r)} ${num(cx - r)} ${num(cy + k)} ${num(cx - r)} ${num(cy)} c ` +
    `${num(cx - r)} ${num(cy - k)} ${num(cx - k)} ${num(cy - r)} ${num(cx)} ${num(cy - r)} c ` +
    `${num(cx + k)} ${num(cy - r)} ${num(cx + r)} ${num(cy - k)} ${num(cx + r)} ${num(cy)} c f Q`
  );
}

/** A vector check mark (a dot for radio buttons; no font needed) and an empty box, sized to the widget. */
function checkStreams(
  ctx: FillContext,
  field: FormField,
  widget: FormWidget,
): { on: PDFRef; off: PDFRef } | undefined {
  const { context, acroForm } = ctx;
  const geometry = widgetGeometry(context, widget.dict);
  if (!geometry) {
    return undefined;
  }
  const color = defaultAppearanceOf(context, widget.dict, field.dict, acroForm).colorOps;
  const stroke = color.replace(/(g|rg|k)$/, (op) => op.toUpperCase());
  const { width: w, height: h } = geometry;
  const side = Math.min(w, h);
  const check =
    field.kind === 'radio'
      ? dot(color, w / 2, h / 2, side * 0.25)
      : `q ${stroke} ${num(side * 0.1)} w 1 J 1 j ` +
        `${num(w / 2 - side * 0.3)} ${num(h / 2)} m ` +
        `${num(w / 2 - side * 0.1)} ${num(h / 2 - side * 0.25)} l ` +
        `${num(w / 2 + side * 0.3)} ${num(h / 2 + side * 0.28)} l S Q`;
  const frame = frameOperators(geometry);
  return {
    on: appearanceStream(context, geometry, [frame, check].filter(Boolean).join('\n'), {}),
    off: appearanceStream(context, geometry, frame, {}),
  };
}

/** Gives every widget of a checkbox without appearance states an on (`state`) and Off look. */
export function addCheckAppearances(ctx: FillContext, field: FormField, state: PDFName): void {
  for (const widget of field.widgets) {
    const streams = checkStreams(ctx, field, widget);
    if (!streams) {
      continue;
    }
    const normal = ctx.context.obj({});
    normal.set(state, streams.on);
    normal.set(OFF, streams.off);
    widget.dict.set(pdfName('AP'), ctx.context.obj({ N: normal }));
  }
}

/** Font names a content stream selects with `Tf` (an empty name included). */
function selectedFonts(content: string): string[] {
  return [...content.matchAll(/\/([^\s/[\]()<>{}%]*)\s+[-+\d.]+\s+Tf\b/g)].map(
    (match) => match[1] ?? '',
  );
}

// A template's streams keep their contents array in every fill's copy of the document (and
// contents are replaced, never changed in place), so each is decoded once, not once per fill.
const fontsByContents = new WeakMap<Uint8Array, readonly string[]>();

/** The fonts a stream selects; none when it cannot be decoded (left to the viewer then). */
function streamFonts(stream: PDFRawStream): readonly string[] {
  let names = fontsByContents.get(stream.contents);
  if (!names) {
    try {
      names = selectedFonts(Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'));
    } catch {
      names = []; // Undecodable: leave it to the viewer rather than guess.
    }
    fontsByContents.set(stream.contents, names);
  }
  return names;
}

/** True when the stream shows text in a font that neither it nor the form's /DR defines. */
function drawsWithMissingFont(
  context: PDFContext,
  stream: PDFRawStream,
  acroForm: PDFDict | undefined,
): boolean {
  const names = streamFonts(stream);
  if (names.length === 0) {
    return false;
  }
  // Read only (peek): the template's stream and its resources are never changed here.
  const own = peek(context, stream.dict.get(pdfName('Resources')));
  const resources =
    own instanceof PDFDict ? own : acroForm && peek(context, acroForm.get(pdfName('DR')));
  const fonts =
    resources instanceof PDFDict ? peek(context, resources.get(pdfName('Font'))) : undefined;
  return names.some(
    (name) => name === '' || !(fonts instanceof PDFDict) || !fonts.has(PDFName.of(name)),
  );
}

/**
 * Replaces "on" appearances that would draw nothing (e.g. Scribus writes `/ 12 Tf`, a font
 * with an empty name) with our own check mark, so a checked box looks checked.
 */
export function repairOnAppearances(ctx: FillContext, field: FormField, state: PDFName): void {
  const { context } = ctx;
  for (const widget of field.widgets) {
    const ap = getDict(context, widget.dict, 'AP');
    const normal = ap ? getDict(context, ap, 'N') : undefined;
    const stream = normal ? peek(context, normal.get(state)) : undefined;
    if (!normal || !(stream instanceof PDFRawStream)) {
      continue;
    }
    if (drawsWithMissingFont(context, stream, ctx.acroForm)) {
      const streams = checkStreams(ctx, field, widget);
      if (streams) {
        normal.set(state, streams.on);
      }
    }
  }
}

function isDictRef(context: PDFContext, value: PDFObject): boolean {
  return value instanceof PDFRef && context.lookup(value) instanceof PDFDict;
}

/**
 * Writes the widget's /AP and its /N and /D state dictionaries as direct objects. poppler
 * (evince, okular, pdftoppm) draws nothing for a state looked up through an indirect /N
 * dictionary, so a checked box would look empty there; the state streams stay shared.
 */
export function inlineAppearanceStates(context: PDFContext, widget: PDFDict): void {
  const raw = widget.get(pdfName('AP'));
  const ap = asDict(context, raw);
  if (!ap || (raw === ap && !ap.entries().some(([, value]) => isDictRef(context, value)))) {
    return; // Nothing indirect to inline: rebuilding it would give an equal dictionary.
  }
  const direct = context.obj({});
  for (const [key, value] of ap.entries()) {
    const resolved = resolve(context, value);
    direct.set(key, resolved instanceof PDFDict ? resolved.clone(context) : value);
  }
  widget.set(pdfName('AP'), direct);
}
