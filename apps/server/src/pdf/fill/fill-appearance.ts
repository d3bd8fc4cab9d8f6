import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject, PDFRef } from '@cantoo/pdf-lib';
import { contentBytes, numbersArray } from './fill-objects.ts';
import {
  arrayItems,
  getArray,
  getDict,
  getName,
  getNumber,
  inherited,
  numberArray,
  objectText,
  pdfName,
  peek,
  resolve,
} from '../prepare/prepare-objects.ts';

// Geometry and drawing helpers shared by the text, choice and checkbox appearance builders.

export interface DefaultAppearance {
  fontName: string | undefined;
  /** 0 means auto size. */
  fontSize: number;
  /** Fill colour operator from the /DA, e.g. `0 g` or `1 0 0 rg`. */
  colorOps: string;
}

/** Formats a number for a content stream (no exponent, at most 3 decimals). */
export function num(value: number): string {
  if (!Number.isFinite(value)) {
    return '0';
  }
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Parses a /DA string such as `/Helv 0 Tf 0 g`. */
export function parseDefaultAppearance(da: string | undefined): DefaultAppearance {
  const result: DefaultAppearance = { fontName: undefined, fontSize: 0, colorOps: '0 g' };
  const operands: string[] = [];
  for (const token of (da ?? '').match(/\S+/g) ?? []) {
    if (/^[A-Za-z*'"]+$/.test(token)) {
      const numbers = operands.map(Number);
      if (token === 'Tf' && operands.length >= 2) {
        result.fontName = operands[operands.length - 2]?.replace(/^\//, '');
        const size = numbers[numbers.length - 1] ?? 0;
        result.fontSize = Number.isFinite(size) && size > 0 ? size : 0;
      } else if (['g', 'rg', 'k'].includes(token) && numbers.every(Number.isFinite)) {
        const count = token === 'g' ? 1 : token === 'rg' ? 3 : 4;
        if (numbers.length >= count) {
          result.colorOps = `${numbers.slice(-count).map(num).join(' ')} ${token}`;
        }
      }
      operands.length = 0;
    } else {
      operands.push(token);
    }
  }
  return result;
}

const NO_DEFAULT_APPEARANCE = parseDefaultAppearance(undefined);
// Parsed /DA strings by string object: pdf-lib never changes a string object, and a fill's copy
// of the template shares them (fill-plan.ts), so each template's few /DA strings are decoded and
// parsed once instead of for every widget of every record.
const parsedAppearances = new WeakMap<PDFObject, DefaultAppearance>();

/** The object if it is text (literal or hex string, or a name), resolved. */
function textObject(context: PDFContext, object: PDFObject | undefined): PDFObject | undefined {
  const resolved = resolve(context, object);
  return resolved instanceof PDFString ||
    resolved instanceof PDFHexString ||
    resolved instanceof PDFName
    ? resolved
    : undefined;
}

/**
 * The /DA that applies to a widget: its own, its field's (inherited), else the form's. The
 * result is shared between widgets and fills: read it, never change it.
 */
export function defaultAppearanceOf(
  context: PDFContext,
  widget: PDFDict,
  field: PDFDict,
  acroForm: PDFDict | undefined,
): Readonly<DefaultAppearance> {
  const da =
    textObject(context, widget.get(pdfName('DA'))) ??
    textObject(context, inherited(context, field, 'DA')) ??
    (acroForm ? textObject(context, acroForm.get(pdfName('DA'))) : undefined);
  if (!da) {
    return NO_DEFAULT_APPEARANCE;
  }
  let parsed = parsedAppearances.get(da);
  if (!parsed) {
    parsed = parseDefaultAppearance(objectText(context, da));
    parsedAppearances.set(da, parsed);
  }
  return parsed;
}

function inheritedNumber(context: PDFContext, field: PDFDict, key: string): number | undefined {
  const value = inherited(context, field, key);
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

/** /Q (0 left, 1 centre, 2 right) for a widget, with the same inheritance as /DA. */
export function alignmentOf(
  context: PDFContext,
  widget: PDFDict,
  field: PDFDict,
  acroForm: PDFDict | undefined,
): number {
  const q =
    getNumber(context, widget, 'Q') ??
    inheritedNumber(context, field, 'Q') ??
    (acroForm ? getNumber(context, acroForm, 'Q') : undefined) ??
    0;
  return q === 1 || q === 2 ? q : 0;
}

export interface WidgetGeometry {
  /** Size of the drawing box (width and height swapped for /MK /R 90 and 270). */
  width: number;
  height: number;
  rotation: number;
  borderWidth: number;
  borderStyle: string;
  borderColor: number[] | undefined;
  backgroundColor: number[] | undefined;
}

function colorArray(
  context: PDFContext,
  dict: PDFDict | undefined,
  key: string,
): number[] | undefined {
  const colors = dict ? numberArray(context, getArray(context, dict, key)) : undefined;
  return colors && [1, 3, 4].includes(colors.length) ? colors : undefined;
}

const MATRIX = pdfName('Matrix');

/**
 * Rotation of the widget's current appearance, for widgets that rotate their text through
 * the appearance /Matrix instead of declaring /MK /R (so refilling keeps the orientation).
 */
function existingRotation(context: PDFContext, widget: PDFDict): number {
  // Read only (peek): the old appearance is replaced, so copying it for the fill is waste.
  const ap = peek(context, widget.get(pdfName('AP')));
  const normal = ap instanceof PDFDict ? peek(context, ap.get(pdfName('N'))) : undefined;
  const array = normal instanceof PDFStream ? peek(context, normal.dict.get(MATRIX)) : undefined;
  const matrix = array instanceof PDFArray ? numberArray(context, array) : undefined;
  if (!matrix || matrix.length < 4) {
    return 0;
  }
  const [a = 1, b = 0] = matrix;
  return (Math.atan2(b, a) * 180) / Math.PI;
}

/** The widget's box, rotation and frame, or undefined when it has no usable /Rect. */
export function widgetGeometry(context: PDFContext, widget: PDFDict): WidgetGeometry | undefined {
  const rect = numberArray(context, getArray(context, widget, 'Rect'));
  if (!rect || rect.length < 4) {
    return undefined;
  }
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = rect;
  const rectWidth = Math.abs(x2 - x1);
  const rectHeight = Math.abs(y2 - y1);
  if (rectWidth < 0.5 || rectHeight < 0.5) {
    return undefined;
  }
  const mk = getDict(context, widget, 'MK');
  const declared =
    (mk ? getNumber(context, mk, 'R') : undefined) ?? existingRotation(context, widget);
  const rotation = (((Math.round(declared / 90) * 90) % 360) + 360) % 360;
  const quarter = rotation === 90 || rotation === 270;
  const bs = getDict(context, widget, 'BS');
  const border = numberArray(context, getArray(context, widget, 'Border'));
  const borderColor = colorArray(context, mk, 'BC');
  const declaredWidth = (bs ? getNumber(context, bs, 'W') : undefined) ?? border?.[2] ?? 1;
  return {
    width: quarter ? rectHeight : rectWidth,
    height: quarter ? rectWidth : rectHeight,
    rotation: [90, 180, 270].includes(rotation) ? rotation : 0,
    // Without a border colour nothing is drawn, so the border takes no room.
    borderWidth: borderColor ? Math.max(0, declaredWidth) : 0,
    borderStyle: (bs ? getName(context, bs, 'S')?.decodeText() : undefined) ?? 'S',
    borderColor,
    backgroundColor: colorArray(context, mk, 'BG'),
  };
}

/** Colour operator for a 1/3/4-component colour. */
export function colorOperator(color: number[], stroke: boolean): string {
  const op = color.length === 1 ? 'g' : color.length === 3 ? 'rg' : 'k';
  return `${color.map(num).join(' ')} ${stroke ? op.toUpperCase() : op}`;
}

/** Background fill and border of a widget, as Acrobat draws them (bevels drawn flat). */
export function frameOperators(geometry: WidgetGeometry): string {
  const { width, height, borderWidth, borderColor, backgroundColor, borderStyle } = geometry;
  const ops: string[] = [];
  if (backgroundColor) {
    ops.push(`q ${colorOperator(backgroundColor, false)} 0 0 ${num(width)} ${num(height)} re f Q`);
  }
  if (borderColor && borderWidth > 0) {
    const half = borderWidth / 2;
    const dash = borderStyle === 'D' ? '[3] 0 d ' : '';
    const shape =
      borderStyle === 'U'
        ? `0 ${num(half)} m ${num(width)} ${num(half)} l S`
        : `${num(half)} ${num(half)} ${num(width - borderWidth)} ${num(height - borderWidth)} re S`;
    ops.push(`q ${colorOperator(borderColor, true)} ${num(borderWidth)} w ${dash}${shape} Q`);
  }
  return ops.join('\n');
}

/** Inset of the content area from the widget edge: the border, doubled for 3-D styles. */
export function borderInset(geometry: WidgetGeometry): number {
  const doubled = geometry.borderStyle === 'B' || geometry.borderStyle === 'I';
  return geometry.borderWidth * (doubled ? 2 : 1);
}

function rotationMatrix(geometry: WidgetGeometry): number[] | undefined {
  const { width, height } = geometry;
  switch (geometry.rotation) {
    case 90:
      return [0, 1, -1, 0, height, 0];
    case 180:
      return [-1, 0, 0, -1, width, height];
    case 270:
      return [0, -1, 1, 0, 0, width];
    default:
      return undefined;
  }
}

/** Registers a form XObject for `content` sized to the widget (rotation applied). */
export function appearanceStream(
  context: PDFContext,
  geometry: WidgetGeometry,
  content: string,
  fonts: Record<string, PDFRef>,
): PDFRef {
  // Built directly rather than through context.obj, which decodes every key name anew.
  const dict = PDFDict.withContext(context);
  dict.set(pdfName('Type'), pdfName('XObject'));
  dict.set(pdfName('Subtype'), pdfName('Form'));
  dict.set(pdfName('BBox'), numbersArray(context, [0, 0, geometry.width, geometry.height]));
  const matrix = rotationMatrix(geometry);
  if (matrix) {
    dict.set(pdfName('Matrix'), numbersArray(context, matrix));
  }
  const names = Object.keys(fonts);
  if (names.length > 0) {
    const fontDict = PDFDict.withContext(context);
    for (const name of names) {
      fontDict.set(pdfName(name), fonts[name] as PDFRef);
    }
    const resources = PDFDict.withContext(context);
    resources.set(pdfName('Font'), fontDict);
    dict.set(pdfName('Resources'), resources);
  }
  return context.register(PDFRawStream.of(dict, contentBytes(content)));
}

/** Replaces the widget's appearances with a single normal appearance. */
export function setNormalAppearance(context: PDFContext, widget: PDFDict, stream: PDFRef): void {
  const ap = PDFDict.withContext(context);
  ap.set(pdfName('N'), stream);
  widget.set(pdfName('AP'), ap);
}

/** The names of a checkbox/radio widget's appearance states other than Off (in /AP /N, /D). */
export function onStates(context: PDFContext, widget: PDFDict): PDFName[] {
  const ap = getDict(context, widget, 'AP');
  const states = new Set<PDFName>();
  for (const key of ['N', 'D']) {
    const sub = ap ? getDict(context, ap, key) : undefined;
    for (const name of sub?.keys() ?? []) {
      if (name.decodeText() !== 'Off') {
        states.add(name);
      }
    }
    if (states.size > 0) {
      break; // /N is authoritative; /D only helps widgets with no normal appearances.
    }
  }
  return [...states];
}

/** The /Opt entries of a field: [export value, display text] pairs. */
export function fieldOptions(context: PDFContext, field: PDFDict): Array<[string, string]> {
  const opt = inherited(context, field, 'Opt');
  const options: Array<[string, string]> = [];
  for (const item of arrayItems(context, opt instanceof PDFArray ? opt : undefined)) {
    const text = objectText(context, item);
    if (text !== undefined) {
      options.push([text, text]);
      continue;
    }
    const pair = item instanceof PDFArray ? arrayItems(context, item) : [];
    const exportValue = objectText(context, pair[0]);
    const display = objectText(context, pair[1]) ?? exportValue;
    if (exportValue !== undefined && display !== undefined) {
      options.push([exportValue, display]);
    }
  }
  return options;
}
