// Form field detection for uploaded templates.
//
// Fields are found from the widget annotations of every page (pdfjs getAnnotations), not from
// the /AcroForm /Fields tree: real files keep stale fields in the tree that sit on no page and
// hang real widgets only off the pages' /Annots, some have no /AcroForm at all (see
// shared/notes/pdf-libraries.md). Consequence: a field that has no widget on any page is not
// reported — there is nothing to show or fill (qpdf_form-errors.pdf's looped "r1.Text Box 1").
// Known pdfjs limitation: /TU is read from the widget dictionary only, so a tooltip kept on a
// separate parent field dictionary is not reported (matched pdftk on 1,980 of 1,982 corpus fields).
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { toRawWidget } from './detect-annotations.ts';
import type { PlacedWidget } from './detect-build.ts';
import { detectedRegions } from '../../suggest/regions.ts';
import { buildFieldData } from './detect-build.ts';
import { PdfInputError } from './detect-errors.ts';
import type { SectionHeading } from './detect-layout.ts';
import { findLabelCandidates, findSectionHeadings, sectionOf } from './detect-layout.ts';
import type { TextPhrase } from './detect-labels.ts';
import { nearestPlacedLabel, pagePhrases } from './detect-labels.ts';
import type { DetectedTemplate, DisplayedRect, PageSize } from './detect-types.ts';
import type { PageFrame, UserRect } from './pdf-geometry.ts';
import { displayedPageSize, normalizeRect, toDisplayedRect } from './pdf-geometry.ts';
import { withPdfjsDocument } from './pdf-pdfjs.ts';
import { hasPdfHeader, hasUsableTrailer } from '../objects/pdf-structure.ts';

export type DetectOptions = {
  /** Give up (as a damaged file) after this long; default 20 s. */
  timeoutMs?: number;
  /** Look up printed labels near fields (costs a text extraction per page with fields). */
  labels?: boolean;
};

/** Headings this far (pt) above the first box still head a section; higher up is the title. */
const TITLE_MARGIN = 40;

/** Wrap a pdfjs call that fails only on broken content: any error means a damaged file. */
async function pdfjsCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof PdfInputError ? error : new PdfInputError('damaged', { cause: error });
  }
}

function pageFrame(page: PDFPageProxy): PageFrame {
  const [a = 0, b = 0, c = 0, d = 0] = page.view;
  return { view: normalizeRect([a, b, c, d] satisfies UserRect), rotate: page.rotate };
}

async function scanPage(
  page: PDFPageProxy,
  index: number,
  frame: PageFrame,
  labels: boolean,
): Promise<PlacedWidget[]> {
  const annotations: unknown[] = await pdfjsCall(() => page.getAnnotations({ intent: 'any' }));
  const placed: PlacedWidget[] = [];
  const seen = new Set<string>();
  for (const annotation of annotations) {
    const raw = toRawWidget(annotation);
    // The same widget listed twice in one page's /Annots is one widget.
    if (raw === null || (raw.id !== '' && seen.has(raw.id))) {
      continue;
    }
    seen.add(raw.id);
    placed.push({ page: index, raw, rect: toDisplayedRect(raw.rect, frame) });
  }
  if (labels && placed.length > 0) {
    // Labels are a hint: a page whose text cannot be extracted just gets none.
    const phrases = await pagePhrases(page, frame).catch(() => []);
    const rects = placed.map((w) => w.rect);
    const headings = pageSections(phrases, rects);
    for (const w of placed) {
      const isCheckbox = w.raw.type === 'checkbox';
      const label = nearestPlacedLabel(w.rect, phrases, { right: isCheckbox });
      if (label !== undefined) {
        w.label = label.text;
        w.labelPosition = label.position;
      }
      const candidates = findLabelCandidates(w.rect, phrases, rects, { isCheckbox });
      if (candidates.length > 0) {
        w.labelCandidates = candidates.map(({ text, position }) => ({ text, position }));
      }
      const section = sectionOf(w.rect, headings);
      if (section !== undefined) {
        w.section = section;
      }
    }
  }
  return placed;
}

/** Section headings among the widgets: a page title printed above every box is not a section. */
function pageSections(phrases: TextPhrase[], rects: readonly DisplayedRect[]): SectionHeading[] {
  const firstTop = Math.min(...rects.map((rect) => rect[1]));
  return findSectionHeadings(phrases).filter((h) => h.top >= firstTop - TITLE_MARGIN);
}

/** Whether /AcroForm carries XFA; unreadable metadata counts as "no" (the file opened fine). */
async function hasXfa(doc: PDFDocumentProxy): Promise<boolean> {
  try {
    const { info } = await doc.getMetadata();
    return (
      typeof info === 'object' &&
      info !== null &&
      (info as Record<string, unknown>).IsXFAPresent === true
    );
  } catch {
    return false;
  }
}

/**
 * Detect the fillable fields of a PDF. Throws PdfInputError for files that are not PDFs, are
 * damaged, need a password, or are XFA-only forms. A PDF without form fields gives `fields: {}`.
 */
export async function detectFields(
  bytes: Uint8Array,
  options: DetectOptions = {},
): Promise<DetectedTemplate> {
  if (bytes.byteLength === 0 || !hasPdfHeader(bytes)) {
    throw new PdfInputError('not_pdf');
  }
  if (!hasUsableTrailer(bytes)) {
    throw new PdfInputError('damaged');
  }
  const labels = options.labels ?? true;
  return withPdfjsDocument(
    bytes,
    async (doc) => {
      const pages: PageSize[] = [];
      const placed: PlacedWidget[] = [];
      for (let i = 0; i < doc.numPages; i++) {
        const page = await pdfjsCall(() => doc.getPage(i + 1));
        const frame = pageFrame(page);
        pages.push(displayedPageSize(frame));
        placed.push(...(await scanPage(page, i, frame, labels)));
        page.cleanup();
      }
      if (placed.length === 0 && (await hasXfa(doc))) {
        throw new PdfInputError('xfa_only');
      }
      const fields = buildFieldData(placed);
      for (const [name, region] of detectedRegions(fields)) {
        const info = fields[name];
        if (info) {
          info.region = region;
        }
      }
      return { fields, page_count: doc.numPages, pages };
    },
    options.timeoutMs,
  );
}
