import { decodePdfName } from '@formbridge/contract/pdf-names';
import { PDFNumber } from '@cantoo/pdf-lib';
import type { PDFContext, PDFRef } from '@cantoo/pdf-lib';
import {
  alignmentOf,
  appearanceStream,
  borderInset,
  defaultAppearanceOf,
  fieldOptions,
  frameOperators,
  num,
  setNormalAppearance,
  widgetGeometry,
} from './fill-appearance.ts';
import { normaliseLabel } from './fill-buttons.ts';
import type { FieldOutcome, FillContext } from './fill-context.ts';
import { paragraphDirection } from './fill-bidi.ts';
import { drawFieldText, uncoveredProblem } from './fill-text.ts';
import { MAX_AUTO_FONT_SIZE, type FillValue } from './fill-types.ts';
import { uncoveredCharacters } from '../fonts/fonts.ts';
import { FIELD_FLAGS, type FormField } from '../prepare/prepare-document.ts';
import { getNumber, pdfName, pdfText } from '../prepare/prepare-objects.ts';

// Dropdowns (combo boxes) and list boxes: the value picks an option by export value or
// display text, exact match first so options differing only in case stay distinguishable.

type Option = [exportValue: string, display: string];

function findOption(options: Option[], text: string): number | undefined {
  // Records may hold a checkbox or radio state name escaped (`#e5#a5#b3…`): its readable text
  // picks the same option here.
  const readable = decodePdfName(text);
  const found = findByText(options, text);
  return found ?? (readable !== text ? findByText(options, readable) : undefined);
}

function findByText(options: Option[], text: string): number | undefined {
  const checks: Array<(option: Option) => boolean> = [
    ([exported]) => exported === text,
    ([, display]) => display === text,
    ([exported]) => normaliseLabel(exported) === normaliseLabel(text),
    ([, display]) => normaliseLabel(display) === normaliseLabel(text),
  ];
  for (const check of checks) {
    const index = options.findIndex(check);
    if (index >= 0) {
      return index;
    }
  }
  return undefined;
}

/** Option indices for `text`: one option, or for multi-select lists a `;`/`,` separated list. */
function matchOptions(field: FormField, options: Option[], text: string): number[] | undefined {
  const single = findOption(options, text);
  if (single !== undefined) {
    return [single];
  }
  if (field.kind === 'list' && field.flags & FIELD_FLAGS.multiSelect) {
    const parts = text
      .split(/[;,]/)
      .map((part) => part.trim())
      .filter(Boolean);
    const indices = parts.map((part) => findOption(options, part));
    if (parts.length > 1 && indices.every((index) => index !== undefined)) {
      return [...new Set(indices)].sort((a, b) => a - b);
    }
  }
  return undefined;
}

/**
 * The text a fill of `text` draws in a choice field, for counting a page's letters
 * (fill-page-direction.ts): a dropdown's chosen option as displayed, a list box's every row.
 */
export function drawnChoiceText(context: PDFContext, field: FormField, text: string): string {
  const options = fieldOptions(context, field.dict);
  if (field.kind === 'list') {
    return options.map(([, display]) => display).join('\n');
  }
  const matched = text.trim() === '' ? undefined : matchOptions(field, options, text.trim());
  return matched ? matched.map((index) => options[index]?.[1] ?? '').join(', ') : text;
}

const HIGHLIGHT = '0.6 0.757 0.855 rg';

/** Draws a list box: every option from the top index, selected rows highlighted. */
async function drawListBox(
  ctx: FillContext,
  field: FormField,
  options: Option[],
  selected: number[],
): Promise<Pick<FieldOutcome, 'font' | 'fontSize' | 'problems'>> {
  const { context, acroForm } = ctx;
  const labels = options.map(([, display]) => display.replace(/\r\n|\r|\n/g, ' '));
  if (labels.join('') === '') {
    return { font: null, fontSize: null, problems: [] };
  }
  const { font } = await ctx.fonts.forText(labels.join(' '));
  const selectedText = selected.map((index) => labels[index] ?? '').join('');
  const problems = uncoveredProblem(uncoveredCharacters(font.face, selectedText));
  let fontSize: number | null = null;
  for (const widget of field.widgets) {
    const geometry = widgetGeometry(context, widget.dict);
    if (!geometry) {
      continue;
    }
    const da = defaultAppearanceOf(context, widget.dict, field.dict, acroForm);
    const size = da.fontSize > 0 ? da.fontSize : MAX_AUTO_FONT_SIZE;
    const inset = borderInset(geometry);
    const rowHeight = (font.metrics.ascent - font.metrics.descent) * size * 1.1;
    const innerWidth = geometry.width - 2 * inset;
    const innerHeight = geometry.height - 2 * inset;
    const rows = Math.max(1, Math.floor(innerHeight / rowHeight));
    const firstSelected = selected[0] ?? 0;
    let top = getNumber(context, field.dict, 'TI') ?? 0;
    if (firstSelected < top || firstSelected >= top + rows) {
      top = Math.max(0, Math.min(firstSelected, options.length - rows));
    }
    const alignment = alignmentOf(context, widget.dict, field.dict, acroForm);
    // Right-to-left rows are shown in logical order for the page's direction, as text fields.
    const rtlPage = widget.pages.some((page) => ctx.rtlPages?.has(page) === true);
    const ops = [
      frameOperators(geometry),
      '/Tx BMC',
      'q',
      `${num(inset)} ${num(inset)} ${num(innerWidth)} ${num(innerHeight)} re W n`,
    ];
    const text: string[] = [`BT /${font.face.resourceName} ${num(size)} Tf ${da.colorOps}`];
    for (let row = 0; row < rows && top + row < labels.length; row += 1) {
      const index = top + row;
      const rowTop = geometry.height - inset - row * rowHeight;
      if (selected.includes(index)) {
        ops.push(
          `q ${HIGHLIGHT} ${num(inset)} ${num(rowTop - rowHeight)} ${num(innerWidth)} ${num(rowHeight)} re f Q`,
        );
      }
      const label = font.renderable(labels[index] ?? '');
      const width = font.metrics.measure(label) * size;
      const free = innerWidth - 4 - width;
      const x = inset + 2 + (alignment === 1 ? free / 2 : alignment === 2 ? free : 0);
      const baseline =
        rowTop -
        (rowHeight - (font.metrics.ascent - font.metrics.descent) * size) / 2 -
        font.metrics.ascent * size;
      if (label !== '') {
        const shown = font.showText(label, paragraphDirection(label), rtlPage);
        text.push(`1 0 0 1 ${num(x)} ${num(baseline)} Tm ${shown}`);
      }
    }
    text.push('ET');
    ops.push(...text, 'Q', 'EMC');
    const fonts: Record<string, PDFRef> = { [font.face.resourceName]: font.ref };
    setNormalAppearance(
      context,
      widget.dict,
      appearanceStream(context, geometry, ops.filter(Boolean).join('\n'), fonts),
    );
    fontSize = size;
  }
  return { font: fontSize === null ? null : font.face.family, fontSize, problems };
}

/**
 * Redraws a choice field for its current selection (also used for untouched fields); a list box
 * needs the field's `options`, read from it unless the caller already has them.
 */
export async function drawChoice(
  ctx: FillContext,
  field: FormField,
  shownText: string,
  selected: number[],
  options?: Option[],
): Promise<Pick<FieldOutcome, 'font' | 'fontSize' | 'problems'>> {
  if (field.kind === 'list') {
    return drawListBox(ctx, field, options ?? fieldOptions(ctx.context, field.dict), selected);
  }
  return drawFieldText(ctx, field, shownText, { mode: 'single' });
}

/**
 * Selects a dropdown or list option by export value or display text (case-insensitive when
 * no exact match). Editable dropdowns also take free text; anything else must match.
 */
export async function fillChoiceField(
  ctx: FillContext,
  field: FormField,
  value: FillValue,
): Promise<FieldOutcome> {
  const { context } = ctx;
  const options = fieldOptions(context, field.dict);
  const text =
    value === null
      ? ''
      : typeof value === 'boolean'
        ? value
          ? 'Yes'
          : 'No'
        : String(value).trim();
  const matched = text === '' ? [] : matchOptions(field, options, text);
  const editable = field.kind === 'combo' && (field.flags & FIELD_FLAGS.edit) !== 0;
  if (matched === undefined && !editable) {
    const names = options.map(([exported]) => `"${exported}"`).join(', ');
    return {
      written: null,
      font: null,
      fontSize: null,
      problems: [`no matching option for "${text}" (options: ${names || 'none'})`],
    };
  }
  const indices = matched ?? [];
  const exports = indices.map((index) => options[index]?.[0] ?? '');
  if (text === '') {
    field.dict.delete(pdfName('V'));
  } else if (exports.length > 1) {
    field.dict.set(pdfName('V'), context.obj(exports.map((exported) => pdfText(exported))));
  } else {
    field.dict.set(pdfName('V'), pdfText(exports[0] ?? text));
  }
  if (indices.length > 0) {
    field.dict.set(pdfName('I'), context.obj(indices.map((index) => PDFNumber.of(index))));
  } else {
    field.dict.delete(pdfName('I'));
  }
  const shown =
    indices.length > 0 ? indices.map((index) => options[index]?.[1] ?? '').join(', ') : text;
  const drawn = await drawChoice(ctx, field, shown, indices, options);
  return { ...drawn, written: exports.length > 0 ? exports.join(', ') : text };
}
