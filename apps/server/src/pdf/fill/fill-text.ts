import { PDFNumber } from '@cantoo/pdf-lib';
import type { PDFContext, PDFRef } from '@cantoo/pdf-lib';
import {
  alignmentOf,
  appearanceStream,
  borderInset,
  defaultAppearanceOf,
  frameOperators,
  num,
  setNormalAppearance,
  widgetGeometry,
} from './fill-appearance.ts';
import { paragraphDirection, type Direction } from './fill-bidi.ts';
import { graphemes, layoutText, LINE_BREAKS, type LayoutMode } from './fill-layout.ts';
import { MIN_FONT_SIZE } from './fill-types.ts';
import { combAmountShown } from './fill-page-rules.ts';
import type { FieldOutcome, FillContext } from './fill-context.ts';
import type { UsableFont } from '../fonts/fonts-document.ts';
import { FIELD_FLAGS, type FormField } from '../prepare/prepare-document.ts';
import { inherited, pdfName, pdfText } from '../prepare/prepare-objects.ts';

export interface DrawOptions {
  mode: LayoutMode;
  combCells?: number;
  /** Marked-content tag of the appearance (Tx for text and combo boxes). */
  tag?: string;
}

function quoteList(chars: string[]): string {
  return chars.map((char) => `"${char}"`).join(', ');
}

/** The uncovered-characters problem, shared by every filler that draws text. */
export function uncoveredProblem(uncovered: string[]): string[] {
  return uncovered.length > 0
    ? [`characters not in any embedded font (drawn as empty boxes): ${quoteList(uncovered)}`]
    : [];
}

function textOperators(
  font: UsableFont,
  size: number,
  colorOps: string,
  items: Array<{ text: string; x: number; y: number }>,
  direction: Direction,
  rtlPage: boolean,
): string {
  const ops = [`BT /${font.face.resourceName} ${num(size)} Tf ${colorOps}`];
  for (const item of items) {
    if (item.text === '') {
      continue;
    }
    ops.push(
      `1 0 0 1 ${num(item.x)} ${num(item.y)} Tm ${font.showText(item.text, direction, rtlPage)}`,
    );
  }
  ops.push('ET');
  return ops.join('\n');
}

/**
 * Draws `text` into every widget of the field with a font that covers it, shrinking to fit.
 * Returns the font and (smallest) size used and any problems (uncovered characters, overflow).
 */
export async function drawFieldText(
  ctx: FillContext,
  field: FormField,
  text: string,
  options: DrawOptions,
): Promise<FieldOutcome> {
  const { context, acroForm } = ctx;
  const shown = options.mode === 'multi' ? text : text.replace(LINE_BREAKS, ' ');
  const { font, uncovered } =
    shown === '' ? { font: undefined, uncovered: [] } : await ctx.fonts.forText(shown);
  const renderable = font ? font.renderable(shown) : '';
  let fontSize: number | null = null;
  let fits = true;
  for (const widget of field.widgets) {
    const geometry = widgetGeometry(context, widget.dict);
    if (!geometry) {
      continue;
    }
    const da = defaultAppearanceOf(context, widget.dict, field.dict, acroForm);
    const inset = borderInset(geometry);
    const padX = options.mode === 'comb' ? 0 : 2;
    const padY = options.mode === 'multi' ? 2 : 0;
    const fullWidth = geometry.width - 2 * inset;
    const fullHeight = geometry.height - 2 * inset;
    const usePadding = fullWidth - 2 * padX > 4 && fullHeight - 2 * padY > 4;
    const x0 = inset + (usePadding ? padX : 0);
    const y0 = inset + (usePadding ? padY : 0);
    const boxWidth = geometry.width - 2 * x0;
    const boxHeight = geometry.height - 2 * y0;
    const parts = [frameOperators(geometry), `/${options.tag ?? 'Tx'} BMC`];
    const fonts: Record<string, PDFRef> = {};
    if (font && renderable !== '' && boxWidth > 0 && boxHeight > 0) {
      const layout = layoutText({
        text: renderable,
        width: boxWidth,
        height: boxHeight,
        fontSize: da.fontSize,
        alignment: alignmentOf(context, widget.dict, field.dict, acroForm),
        mode: options.mode,
        combCells: options.combCells,
        metrics: font.metrics,
      });
      const items = layout.items.map((item) => ({ ...item, x: item.x + x0, y: item.y + y0 }));
      parts.push(
        'q',
        `${num(inset)} ${num(inset)} ${num(fullWidth)} ${num(fullHeight)} re W n`,
        textOperators(
          font,
          layout.fontSize,
          da.colorOps,
          items,
          paragraphDirection(renderable),
          widget.pages.some((page) => ctx.rtlPages?.has(page) === true),
        ),
        'Q',
      );
      fonts[font.face.resourceName] = font.ref;
      fontSize = fontSize === null ? layout.fontSize : Math.min(fontSize, layout.fontSize);
      fits &&= layout.fits;
    }
    parts.push('EMC');
    const stream = appearanceStream(
      context,
      geometry,
      parts.filter((part) => part !== '').join('\n'),
      fonts,
    );
    setNormalAppearance(context, widget.dict, stream);
  }
  const problems = uncoveredProblem(uncovered);
  if (!fits) {
    problems.push(
      `text does not fit the field even at ${MIN_FONT_SIZE} pt; part of it is hidden (the full value is stored)`,
    );
  }
  return {
    written: text,
    font: font && fontSize !== null ? font.face.family : null,
    fontSize,
    problems,
  };
}

/** The field's /MaxLen, if it has a positive one. */
export function maxLengthOf(context: PDFContext, field: FormField): number | undefined {
  const maxLen = inherited(context, field.dict, 'MaxLen');
  const value = maxLen instanceof PDFNumber ? maxLen.asNumber() : undefined;
  return value !== undefined && value > 0 ? Math.floor(value) : undefined;
}

/** How a text field's value is laid out: comb cells, wrapped lines or one line. */
export function textMode(context: PDFContext, field: FormField): DrawOptions {
  return textModeFor(field, maxLengthOf(context, field));
}

function textModeFor(field: FormField, maxLength: number | undefined): DrawOptions {
  const { flags } = field;
  if (
    flags & FIELD_FLAGS.comb &&
    maxLength &&
    !(flags & (FIELD_FLAGS.multiline | FIELD_FLAGS.password))
  ) {
    return { mode: 'comb', combCells: maxLength };
  }
  return { mode: flags & FIELD_FLAGS.multiline ? 'multi' : 'single' };
}

/** What a text field shows for its value (password fields show asterisks). */
export function displayText(field: FormField, value: string): string {
  return field.flags & FIELD_FLAGS.password ? '*'.repeat(graphemes(value).length) : value;
}

/**
 * Stores a text value (cut at /MaxLen, which is reported, never silent) and draws it.
 */
export async function fillTextField(
  ctx: FillContext,
  field: FormField,
  value: string,
): Promise<FieldOutcome> {
  const problems: string[] = [];
  const maxLength = maxLengthOf(ctx.context, field);
  const codePoints = Array.from(value);
  let written = value;
  if (maxLength !== undefined && codePoints.length > maxLength) {
    written = codePoints.slice(0, maxLength).join('');
    problems.push(
      `value is longer than the field's maximum of ${maxLength} characters; ` +
        `not written: "${codePoints.slice(maxLength).join('')}"`,
    );
  }
  field.dict.set(pdfName('V'), pdfText(written));
  // Rich text would take precedence over /V in Acrobat and still show the old value.
  field.dict.delete(pdfName('RV'));
  const mode = textModeFor(field, maxLength);
  const shown = displayText(field, written);
  // An amount in a comb printed with a cents divider: the cents in the cells after it.
  const amount =
    mode.mode === 'comb' && mode.combCells
      ? await combAmountShown(ctx, field, mode.combCells, shown)
      : undefined;
  const drawn = await drawFieldText(ctx, field, amount ?? shown, mode);
  return { ...drawn, written, problems: [...problems, ...drawn.problems] };
}
