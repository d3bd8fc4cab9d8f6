import type { PDFDict, PDFDocument } from '@cantoo/pdf-lib';
import { bidiClass, hasRightToLeft } from './fill-bidi.ts';
import { withPdfjsDocument } from '../detect/pdf-pdfjs.ts';
import { pageLeaves } from '../prepare/prepare-document.ts';

// poppler's text output (pdftotext, copy and search in its viewers) takes a page with more
// right-to-left letters than left-to-right ones for a right-to-left page and reads every line
// of it from the right (TextOutputDev: primaryLR). The /ActualText of a right-to-left value
// must be written for the page's direction (fonts-logical.ts), so a fill that draws
// right-to-left text counts the letters of each page as poppler would: the template's printed
// text (pdf.js, once per template, only when such a value is filled) and every value drawn
// there.

/** Left-to-right letters minus right-to-left ones. */
export function letterBalance(text: string): number {
  let balance = 0;
  for (const char of text) {
    const kind = bidiClass(char);
    balance += kind === 'L' ? 1 : kind === 'R' || kind === 'AL' ? -1 : 0;
  }
  return balance;
}

// Per template (its bytes): the letter balance of each page's printed text, in page order.
const printedBalances = new WeakMap<Uint8Array, Promise<number[]>>();

async function readBalances(bytes: Uint8Array): Promise<number[]> {
  try {
    return await withPdfjsDocument(bytes, async (doc) => {
      const balances: number[] = [];
      for (let number = 1; number <= doc.numPages; number += 1) {
        const page = await doc.getPage(number);
        const content = await page.getTextContent({ includeMarkedContent: false });
        let balance = 0;
        for (const item of content.items) {
          balance += 'str' in item ? letterBalance(item.str) : 0;
        }
        balances.push(balance);
        page.cleanup();
      }
      return balances;
    });
  } catch {
    return []; // Unreadable to pdf.js: every page counts as left to right.
  }
}

function printedBalancesOf(bytes: Uint8Array): Promise<number[]> {
  let balances = printedBalances.get(bytes);
  if (!balances) {
    balances = readBalances(bytes);
    printedBalances.set(bytes, balances);
  }
  return balances;
}

/** A value to be drawn and the pages its widgets sit on. */
export interface DrawnValue {
  text: string;
  pages: readonly PDFDict[];
}

/**
 * The pages poppler will read right to left once `drawn` is on them; empty (and nothing read)
 * when no value holds right-to-left text.
 */
export async function rightToLeftPages(
  doc: PDFDocument,
  template: Uint8Array | undefined,
  drawn: readonly DrawnValue[],
): Promise<ReadonlySet<PDFDict>> {
  if (!template || !drawn.some((value) => hasRightToLeft(value.text))) {
    return new Set();
  }
  const valueBalance = new Map<PDFDict, number>();
  for (const value of drawn) {
    const balance = letterBalance(value.text);
    for (const page of value.pages) {
      valueBalance.set(page, (valueBalance.get(page) ?? 0) + balance);
    }
  }
  const printed = await printedBalancesOf(template);
  const leaves = pageLeaves(doc.context, doc.catalog) ?? [];
  const nodes = doc.getPages().map((page) => page.node);
  const rtl = new Set<PDFDict>();
  for (const [page, balance] of valueBalance) {
    const index = Math.max(
      leaves.indexOf(page),
      nodes.findIndex((node) => node === page),
    );
    if (balance + (index >= 0 ? (printed[index] ?? 0) : 0) < 0) {
      rtl.add(page);
    }
  }
  return rtl;
}
