// Scoring of the field finder (src/pdf/find-fields) against the widgets of the corpus's fillable
// forms, read from the page content only (annotations disabled), as issue 29 asks: text,
// checkbox/radio, comb and choice apart; label accuracy; false fields per page on PDFs that are
// not forms; ms per page. A widget "has a visible cue" when a rule, box, cell, leader or glyph
// of the page content touches it — the share the targets are set on.
import { readFileSync } from 'node:fs';
import { PdfInputError } from '../src/pdf/detect/detect-errors.ts';
import { detectFields } from '../src/pdf/detect/detect-fields.ts';
import type { PageFindings } from '../src/pdf/find-fields/find-fields.ts';
import { findOnPage } from '../src/pdf/find-fields/find-fields.ts';
import type { DisplayedRect, FieldCandidate } from '../src/pdf/find-fields/find-types.ts';
import { centreOf, containsPoint, iou, overlap1d } from '../src/pdf/find-fields/rect-math.ts';
import { withPdfjsDocument } from '../src/pdf/detect/pdf-pdfjs.ts';

export type Category = 'text' | 'check' | 'comb' | 'choice';
export const CATEGORIES: Category[] = ['text', 'check', 'comb', 'choice'];

export type TruthWidget = {
  page: number;
  rect: DisplayedRect;
  category: Category;
  cued: boolean;
  captions: string[];
};
export type Proposal = Omit<FieldCandidate, 'name'>;
export type FormRun = {
  file: string;
  pages: number;
  ms: number;
  truth: TruthWidget[];
  proposals: Proposal[];
};

/** The machine may be shared: a slow run must not drop a large form from the figures. */
const EVAL_TIMEOUT_MS = 600_000;
const CUE_REACH = 4; // pt around a widget in which a cue counts as its own

function categoryOf(type: string, comb: boolean | undefined): Category | null {
  if (type === 'checkbox' || type === 'radio') {
    return 'check';
  }
  if (type === 'dropdown' || type === 'list') {
    return 'choice';
  }
  if (type === 'text' || type === 'signature') {
    return comb === true ? 'comb' : 'text';
  }
  return null; // push buttons are not fields a user fills
}

/** The category a proposal is scored in; a dropdown or list proposal is a choice. */
export function proposalCategory(p: Proposal): Category {
  const type: string = p.type;
  if (type === 'checkbox' || type === 'radio') {
    return 'check';
  }
  if (type === 'dropdown' || type === 'list') {
    return 'choice';
  }
  return type === 'comb' ? 'comb' : 'text';
}

function hasCue(rect: DisplayedRect, cues: readonly DisplayedRect[]): boolean {
  const grown: DisplayedRect = [
    rect[0] - CUE_REACH,
    rect[1] - CUE_REACH,
    rect[2] + CUE_REACH,
    rect[3] + CUE_REACH,
  ];
  const width = rect[2] - rect[0];
  return cues.some((c) => {
    const isInside = c[0] >= grown[0] && c[2] <= grown[2] && c[1] >= grown[1] && c[3] <= grown[3];
    const spans = overlap1d(c[0], c[2], rect[0], rect[2]) >= 0.5 * width;
    const touches = overlap1d(c[1], c[3], grown[1], grown[3]) > 0;
    const encloses =
      c[0] <= rect[0] + CUE_REACH &&
      c[2] >= rect[2] - CUE_REACH &&
      c[1] <= rect[1] + CUE_REACH &&
      c[3] >= rect[3] - CUE_REACH;
    const isSmallEnough =
      (c[2] - c[0]) * (c[3] - c[1]) <= 9 * Math.max(1, width * (rect[3] - rect[1]));
    return (
      (isInside && (c[2] - c[0]) * (c[3] - c[1]) > 0.5) ||
      (spans && touches) ||
      (encloses && isSmallEnough)
    );
  });
}

/** Held out: about a quarter of the repositories, fixed by a hash of their name. */
export function isHeldOut(repo: string): boolean {
  let hash = 2166136261;
  for (const ch of repo) {
    hash = Math.imul(hash ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  }
  return hash % 4 === 0;
}

/** Whether a proposal finds a widget (issue 29's rule). */
export function matches(p: Proposal, t: TruthWidget): boolean {
  if (p.page !== t.page) {
    return false;
  }
  if (t.category === 'check') {
    const [px, py] = centreOf(p.rect);
    const [tx, ty] = centreOf(t.rect);
    return (
      proposalCategory(p) === 'check' &&
      (containsPoint(t.rect, px, py, 1) || containsPoint(p.rect, tx, ty, 1))
    );
  }
  if (proposalCategory(p) === 'check') {
    return false;
  }
  const sameLine =
    overlap1d(p.rect[1], p.rect[3], t.rect[1], t.rect[3]) >=
    0.5 * Math.min(p.rect[3] - p.rect[1], t.rect[3] - t.rect[1]);
  const horizontal =
    overlap1d(p.rect[0], p.rect[2], t.rect[0], t.rect[2]) >= 0.5 * (t.rect[2] - t.rect[0]);
  return iou(p.rect, t.rect) >= 0.3 || (sameLine && horizontal);
}

/** One-to-one pairs, best overlap first. */
export function pairUp(
  proposals: readonly Proposal[],
  truth: readonly TruthWidget[],
): Map<Proposal, TruthWidget> {
  const pairs: { p: Proposal; t: TruthWidget; score: number }[] = [];
  for (const p of proposals) {
    for (const t of truth) {
      if (matches(p, t)) {
        pairs.push({ p, t, score: iou(p.rect, t.rect) });
      }
    }
  }
  pairs.sort((a, b) => b.score - a.score);
  const used = new Set<TruthWidget>();
  const out = new Map<Proposal, TruthWidget>();
  for (const { p, t } of pairs) {
    if (!out.has(p) && !used.has(t)) {
      out.set(p, t);
      used.add(t);
    }
  }
  return out;
}

/**
 * The comb rule (decisions.md, issue 29): a comb proposal finds every single-character text widget
 * that it covers — centre inside, no wider than 1.5 of its cells — which the one-to-one pairing left
 * unfound. A comb of N cells filled in places one character in each box, as N one-character
 * widgets would. Returns each widget so found with the comb that found it.
 */
export function combCovered(
  proposals: readonly Proposal[],
  truth: readonly TruthWidget[],
  pairs: ReadonlyMap<Proposal, TruthWidget>,
): Map<TruthWidget, Proposal> {
  const found = new Set(pairs.values());
  const out = new Map<TruthWidget, Proposal>();
  for (const p of proposals) {
    if (p.type !== 'comb' || p.max_len === undefined || p.max_len < 1) {
      continue;
    }
    const pitch = (p.rect[2] - p.rect[0]) / p.max_len;
    for (const t of truth) {
      const [tx, ty] = centreOf(t.rect);
      if (
        t.page === p.page &&
        t.category !== 'check' &&
        t.category !== 'choice' &&
        !found.has(t) &&
        !out.has(t) &&
        t.rect[2] - t.rect[0] <= 1.5 * pitch &&
        containsPoint(p.rect, tx, ty)
      ) {
        out.set(t, p);
      }
    }
  }
  return out;
}

/**
 * The lines rule (decisions.md, issue 29): a text proposal that lies within a taller text widget
 * already found — centre inside, at most half the widget's height, at least half its own width
 * over the widget — is one printed line of that widget (an address box of ruled lines that the
 * PDF made one multiline field): not a false field. It finds nothing more for recall.
 */
export function linesOfFound(
  proposals: readonly Proposal[],
  found: ReadonlySet<TruthWidget>,
  right: ReadonlySet<Proposal>,
): Set<Proposal> {
  const out = new Set<Proposal>();
  for (const p of proposals) {
    if (right.has(p) || proposalCategory(p) === 'check') {
      continue;
    }
    const [px, py] = centreOf(p.rect);
    const pw = p.rect[2] - p.rect[0];
    const isLine = [...found].some(
      (t) =>
        t.page === p.page &&
        t.category === 'text' &&
        p.rect[3] - p.rect[1] <= 0.5 * (t.rect[3] - t.rect[1]) &&
        containsPoint(t.rect, px, py) &&
        overlap1d(p.rect[0], p.rect[2], t.rect[0], t.rect[2]) >= 0.5 * pw,
    );
    if (isLine) {
      out.add(p);
    }
  }
  return out;
}

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** Proposed label shares ≥ 50 % of its words with the tooltip or the printed caption. */
export function isLabelRight(label: string, captions: readonly string[]): boolean {
  const mine = words(label);
  if (mine.size === 0) {
    return false;
  }
  return captions.some((caption) => {
    const theirs = words(caption);
    return [...mine].filter((w) => theirs.has(w)).length >= 0.5 * mine.size;
  });
}

async function findAll(bytes: Uint8Array): Promise<{ pages: number; found: PageFindings[] }> {
  return withPdfjsDocument(
    bytes,
    async (doc) => {
      const found: PageFindings[] = [];
      for (let i = 0; i < doc.numPages; i++) {
        const page = await doc.getPage(i + 1);
        found.push(await findOnPage(page, i));
        page.cleanup();
      }
      return { pages: doc.numPages, found };
    },
    EVAL_TIMEOUT_MS,
  );
}

/** Run the finder on one PDF and read its widgets as the truth (none for non-forms). */
export async function runForm(path: string, file: string, withTruth: boolean): Promise<FormRun> {
  const bytes = new Uint8Array(readFileSync(path));
  // CPU time, not wall time: the machine is shared, and CPU time is what a page costs.
  const started = process.cpuUsage();
  const { pages, found } = await findAll(bytes);
  const used = process.cpuUsage(started);
  const ms = (used.user + used.system) / 1000;
  const proposals = found.flatMap((f) => f.described);
  const truth = withTruth ? await readTruth(bytes, found) : [];
  return { file, pages, ms, truth, proposals };
}

/** The form's visible widgets, each marked cued when a cue of its page touches it. */
export async function readTruth(
  bytes: Uint8Array,
  found: readonly { cues: readonly DisplayedRect[] }[],
): Promise<TruthWidget[]> {
  const truth: TruthWidget[] = [];
  // An XFA-only form has no widgets to score against: it counts as a page without fields.
  const detected = await detectFields(bytes, { labels: true, timeoutMs: EVAL_TIMEOUT_MS }).catch(
    (error: unknown) => {
      if (error instanceof PdfInputError && error.reason === 'xfa_only') {
        return { fields: {}, pages: [] };
      }
      throw error;
    },
  );
  for (const field of Object.values(detected.fields)) {
    const category = categoryOf(field.type, field.comb);
    if (category === null) {
      continue;
    }
    const captions = [field.tooltip, field.label].filter(
      (c): c is string => typeof c === 'string' && c !== '',
    );
    for (const widget of field.widgets) {
      const [x0, y0, x1, y1] = widget.rect;
      const size = detected.pages[widget.page];
      const isVisible =
        x1 - x0 >= 2 &&
        y1 - y0 >= 2 &&
        size !== undefined &&
        x0 < size.width &&
        y0 < size.height &&
        x1 > 0 &&
        y1 > 0;
      if (isVisible) {
        const cued = hasCue(widget.rect, found[widget.page]?.cues ?? []);
        truth.push({ page: widget.page, rect: widget.rect, category, cued, captions });
      }
    }
  }
  return truth;
}
