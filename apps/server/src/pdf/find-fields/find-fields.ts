// The field finder: fields proposed from what is printed on the pages of any PDF, flat or not
// (issue 29). Reads the page content only — pdf.js operator lists with annotations disabled and
// the text content — so a form's existing widgets neither help nor hide anything. Pure: bytes in,
// candidates out; the user reviews them before anything is written.
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AnnotationMode } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PdfInputError } from '../detect/detect-errors.ts';
import { mergePhrases } from '../detect/detect-labels.ts';
import type { PageFrame, UserRect } from '../detect/pdf-geometry.ts';
import { displayedPageSize, normalizeRect } from '../detect/pdf-geometry.ts';
import { withPdfjsDocument } from '../detect/pdf-pdfjs.ts';
import { hasPdfHeader, hasUsableTrailer } from '../objects/pdf-structure.ts';
import { findCellFields, findMarkFields, findShadedBoxes } from './find-cells.ts';
import { findGridCells } from './grid-cells.ts';
import { dropPatterns, dropStruckOut } from './drop-patterns.ts';
import { findBlankRoom } from './find-blanks.ts';
import { findHiddenBoxes } from './find-hidden-boxes.ts';
import { findLeaderFields, findRuleFields } from './find-lines.ts';
import type {
  DisplayedRect,
  FieldCandidate,
  FoundFields,
  RawCandidate,
  RejectReason,
  TextRun,
} from './find-types.ts';
import { mergeHorizontal, mergeVertical } from './merge-rules.ts';
import type { LabelCandidate } from '../detect/detect-layout.ts';
import {
  describeWithCaptions,
  nameCandidates,
  readingOrder,
  suppressOverlaps,
} from './name-candidates.ts';
import { collectGraphics } from './page-graphics.ts';
import { splitPageText } from './page-text.ts';

export type FindFieldsOptions = { timeoutMs?: number };

export { DEFAULT_ACCEPT_THRESHOLD } from '@formbridge/contract/field-candidates';

/** Share of a page that images must cover, with no text at all, for the page to be a scan. */
const SCAN_COVERAGE = 0.5;

function pageFrame(page: PDFPageProxy): PageFrame {
  const [a = 0, b = 0, c = 0, d = 0] = page.view;
  return { view: normalizeRect([a, b, c, d] satisfies UserRect), rotate: page.rotate };
}

/** The real name of a loaded font ("ABCDEF+Wingdings-Regular"), or '' when unknown. */
function fontNameLookup(page: PDFPageProxy): (id: string) => string {
  return (id) => {
    try {
      const font: unknown = page.commonObjs.has(id) ? page.commonObjs.get(id) : null;
      const name = (font as { name?: unknown } | null)?.name;
      return typeof name === 'string' ? name : '';
    } catch {
      return '';
    }
  };
}

/**
 * One page's proposals, whether it is a scan, and every visual cue seen on it (rules, boxes,
 * cells, leaders, glyphs) — the cues serve the evaluation, which scores widgets that have one.
 */
export type PageFindings = {
  described: Omit<FieldCandidate, 'name'>[];
  isScan: boolean;
  cues: DisplayedRect[];
};

/** What the rules found on one page, with what the learned scorer reads besides. */
export type PageReading = PageFindings & {
  captions: (LabelCandidate | undefined)[];
  /** Why the rules turned each candidate down, when they did (wide reading only). */
  rejectedBy: (RejectReason | undefined)[];
  words: TextRun[];
  pageWidth: number;
  pageHeight: number;
};

/** The rules' candidates of one page (0-based `index`), confidences from the rules alone. */
export async function readPage(
  page: PDFPageProxy,
  index: number,
  options: { wide?: boolean } = {},
): Promise<PageReading> {
  const frame = pageFrame(page);
  const size = displayedPageSize(frame);
  const operators = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
  const content = await page.getTextContent({ includeMarkedContent: false });
  const graphics = collectGraphics(operators, frame);
  const text = splitPageText(content.items, frame, fontNameLookup(page));
  const pageArea = size.width * size.height;
  const hasText = text.words.length + text.leaders.length + text.glyphs.length > 0;
  const empty = {
    captions: [],
    rejectedBy: [],
    words: [],
    pageWidth: size.width,
    pageHeight: size.height,
  };
  if (!hasText && graphics.imageArea >= SCAN_COVERAGE * pageArea) {
    return { described: [], isScan: true, cues: [], ...empty };
  }
  const horizontal = mergeHorizontal(graphics.horizontal);
  const vertical = mergeVertical(graphics.vertical);
  const ctx = {
    page: index,
    pageWidth: size.width,
    pageHeight: size.height,
    words: text.words,
    wide: options.wide === true,
  };
  const cells = findGridCells(horizontal, vertical);
  const shaded = findShadedBoxes(graphics.boxes, pageArea);
  const raw: RawCandidate[] = [
    ...findRuleFields({ ...ctx, horizontal, vertical }, horizontal),
    ...findLeaderFields({ ...ctx, horizontal, vertical }, text.leaders),
    ...findCellFields(
      { ...ctx, fills: graphics.boxes.filter((b) => b.fill !== null) },
      cells,
      shaded,
    ),
    ...findMarkFields(index, graphics.circles, text.glyphs, text.words),
  ];
  const phrases = mergePhrases(text.words);
  if (options.wide === true) {
    raw.push(...findBlankRoom({ page: index, pageWidth: size.width, phrases, vertical, cells }));
  }
  raw.push(
    ...findHiddenBoxes({
      page: index,
      pageWidth: size.width,
      pageArea,
      boxes: graphics.boxes,
      words: text.words,
      wide: options.wide === true,
    }),
  );
  const kept = readingOrder(suppressOverlaps(dropPatterns(dropStruckOut(raw, graphics.hatched))));
  const cues: DisplayedRect[] = [
    ...horizontal.map((r): DisplayedRect => [r.x0, r.y - r.weight / 2, r.x1, r.y + r.weight / 2]),
    ...cells,
    ...shaded.map((box) => box.rect),
    ...graphics.boxes.map((b) => b.rect),
    ...graphics.circles.map((c) => c.rect),
    ...text.leaders.map((l) => l.rect),
    ...text.glyphs.map((g) => g.rect),
  ];
  const { described, captions } = describeWithCaptions(kept, phrases);
  const rejectedBy = kept.map((c) => c.rejectedBy);
  return { ...empty, described, captions, rejectedBy, words: text.words, isScan: false, cues };
}

/** Find the fields of one page (0-based `index`). */
export async function findOnPage(page: PDFPageProxy, index: number): Promise<PageFindings> {
  const reading = await readPage(page, index);
  return { described: reading.described, isScan: reading.isScan, cues: reading.cues };
}

/**
 * Propose form fields from the printed content of every page. Throws PdfInputError for files
 * that are not PDFs, are damaged or need a password.
 */
export async function findFields(
  bytes: Uint8Array,
  options: FindFieldsOptions = {},
): Promise<FoundFields> {
  if (bytes.byteLength === 0 || !hasPdfHeader(bytes)) {
    throw new PdfInputError('not_pdf');
  }
  if (!hasUsableTrailer(bytes)) {
    throw new PdfInputError('damaged');
  }
  return withPdfjsDocument(
    bytes,
    async (doc) => {
      const described: Omit<FieldCandidate, 'name'>[] = [];
      const imageOnlyPages: number[] = [];
      const pages: FoundFields['pages'] = [];
      for (let i = 0; i < doc.numPages; i++) {
        let page: PDFPageProxy;
        try {
          page = await doc.getPage(i + 1);
        } catch (error) {
          throw new PdfInputError('damaged', { cause: error });
        }
        pages.push(displayedPageSize(pageFrame(page)));
        // A page whose content pdf.js cannot read offers nothing to find; the others still count.
        const result = await findOnPage(page, i).catch(() => ({ described: [], isScan: false }));
        described.push(...result.described);
        if (result.isScan) {
          imageOnlyPages.push(i);
        }
        page.cleanup();
      }
      return { candidates: nameCandidates(described), imageOnlyPages, pages };
    },
    options.timeoutMs,
  );
}
