import type { PDFDict, PDFDocument } from '@cantoo/pdf-lib';
import { AnnotationMode } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { toDisplayedRect, normalizeRect, type PageFrame } from '../detect/pdf-geometry.ts';
import { withPdfjsDocument } from '../detect/pdf-pdfjs.ts';
import { mergeVertical } from '../find-fields/merge-rules.ts';
import { collectGraphics } from '../find-fields/page-graphics.ts';
import type { VerticalRule } from '../find-fields/find-types.ts';
import { pageLeaves } from '../prepare/prepare-document.ts';
import { borderInset, widgetGeometry } from './fill-appearance.ts';
import { centsCellsOf, combAmountText, parseAmount, type CombRule } from './fill-amount.ts';
import type { FillContext } from './fill-context.ts';
import type { FormField } from '../prepare/prepare-document.ts';
import { getArray, numberArray } from '../prepare/prepare-objects.ts';

// The vertical rules a template's pages print (pdf.js, as the field finder reads them), read
// only when a fill puts an amount into a comb field, once per template.

interface PageRules {
  frame: PageFrame;
  vertical: VerticalRule[];
}

const rulesByTemplate = new WeakMap<Uint8Array, Promise<Array<PageRules | undefined>>>();

async function readRules(bytes: Uint8Array): Promise<Array<PageRules | undefined>> {
  try {
    return await withPdfjsDocument(bytes, async (doc) => {
      const pages: Array<PageRules | undefined> = [];
      for (let number = 1; number <= doc.numPages; number += 1) {
        const page = await doc.getPage(number);
        const [a = 0, b = 0, c = 0, d = 0] = page.view;
        const frame = { view: normalizeRect([a, b, c, d]), rotate: page.rotate };
        const operators = await page
          .getOperatorList({ annotationMode: AnnotationMode.DISABLE })
          .catch(() => undefined);
        pages.push(
          operators
            ? { frame, vertical: mergeVertical(collectGraphics(operators, frame).vertical) }
            : undefined,
        );
        page.cleanup();
      }
      return pages;
    });
  } catch {
    return [];
  }
}

/**
 * The printed vertical rules crossing most of the height of `rect` (a widget's /Rect, user
 * space) on `page`, measured from the box's left edge; empty when the page is rotated or
 * cannot be read.
 */
export async function rulesAcross(
  doc: PDFDocument,
  template: Uint8Array,
  page: PDFDict,
  rect: readonly number[],
): Promise<CombRule[]> {
  let pages = rulesByTemplate.get(template);
  if (!pages) {
    pages = readRules(template);
    rulesByTemplate.set(template, pages);
  }
  const leaves = pageLeaves(doc.context, doc.catalog) ?? [];
  const index = Math.max(
    leaves.indexOf(page),
    doc.getPages().findIndex((candidate) => candidate.node === page),
  );
  const rules = (await pages)[index];
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = rect;
  if (!rules || rules.frame.rotate % 360 !== 0) {
    return [];
  }
  const [left, top, right, bottom] = toDisplayedRect([x1, y1, x2, y2], rules.frame);
  const height = bottom - top;
  return rules.vertical
    .filter(
      (rule) =>
        rule.x > left + 1 &&
        rule.x < right - 1 &&
        Math.min(rule.y1, bottom) - Math.max(rule.y0, top) >= 0.5 * height,
    )
    .map((rule) => ({ x: rule.x - left, weight: rule.weight }));
}

/**
 * What a comb field shows for `text` when it is an amount and the box prints a cents divider
 * (fill-amount.ts), or undefined to draw `text` as typed.
 */
export async function combAmountShown(
  ctx: FillContext,
  field: FormField,
  cells: number,
  text: string,
): Promise<string | undefined> {
  const amount = parseAmount(text);
  const widget = field.widgets.find((candidate) => candidate.pages.length > 0);
  const page = widget?.pages[0];
  if (!amount || !ctx.template || !widget || !page) {
    return undefined;
  }
  const geometry = widgetGeometry(ctx.context, widget.dict);
  const rect = numberArray(ctx.context, getArray(ctx.context, widget.dict, 'Rect'));
  if (!geometry || geometry.rotation !== 0 || !rect) {
    return undefined;
  }
  const inset = borderInset(geometry);
  const rules = await rulesAcross(ctx.doc, ctx.template, page, rect);
  const shifted = rules.map((rule) => ({ ...rule, x: rule.x - inset }));
  const centsCells = centsCellsOf(shifted, geometry.width - 2 * inset, cells);
  return centsCells === undefined ? undefined : combAmountText(amount, cells, centsCells);
}
