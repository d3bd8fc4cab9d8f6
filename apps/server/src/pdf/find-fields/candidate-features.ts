// Features of one page's field candidates for the learned scorer (issue 29, eighth pass): what
// the cue is, its size and place, the caption the caption finder gave it, the text around and
// over it, and how it lines up with the page's other candidates (rows, columns, repeats). Pure
// and deterministic: the same page gives the same numbers, at training time and at run time.
import type { LabelCandidate } from '../detect/detect-layout.ts';
import type {
  CandidateKind,
  CandidateType,
  DisplayedRect,
  RejectReason,
  TextRun,
} from './find-types.ts';
import { areaOf, heightOf, intersectionArea, overlap1d, widthOf } from './rect-math.ts';

/** What the features read of a candidate: the described shape, before naming. */
export type FeatureCandidate = {
  rect: DisplayedRect;
  kind: CandidateKind;
  type: CandidateType;
  label: string;
  confidence: number;
  multiline?: boolean;
  /** Set on candidates a rule turned down, kept in the wide reading for the scorer to judge. */
  rejectedBy?: RejectReason;
};

export type PageFeatureInput = {
  candidates: readonly FeatureCandidate[];
  /** The caption the caption finder chose for each candidate, if any (same order). */
  captions: readonly (LabelCandidate | undefined)[];
  words: readonly TextRun[];
  pageWidth: number;
  pageHeight: number;
};

const KINDS: CandidateKind[] = [
  'rule',
  'leader',
  'cell',
  'shaded-box',
  'white-box',
  'box',
  'tick-cell',
  'glyph',
  'bracket',
  'circle',
  'comb',
  'blank',
];
const TYPES: CandidateType[] = ['text', 'checkbox', 'radio', 'comb', 'date', 'signature'];
const SIDES = ['left', 'right', 'above', 'below', 'column', 'row'] as const;
const REJECTIONS: RejectReason[] = [
  'underlined',
  'no-room',
  'toc',
  'data-row',
  'column-header',
  'white-on-white',
  'rounded',
  'frame-line',
];
// ('blank' is told by its kind.)
/** Distances past this (pt) say only "nothing near": capped so one far word does not dominate. */
const FAR = 200;
const EDGE_TOLERANCE = 1.5; // pt: edges this close line up
const SIZE_TOLERANCE = 1.5; // pt

/** Names of the features in vector order; the fitted model refers to features by index. */
export const FEATURE_NAMES: readonly string[] = [
  'rule_confidence',
  ...KINDS.map((k) => `kind_${k}`),
  ...TYPES.map((t) => `type_${t}`),
  'multiline',
  ...REJECTIONS.map((r) => `rejected_${r}`),
  'has_caption',
  ...SIDES.map((s) => `caption_${s}`),
  'caption_distance',
  'caption_length',
  'caption_colon',
  'width_share',
  'height_share',
  'log_width',
  'log_height',
  'log_aspect',
  'centre_x',
  'centre_y',
  'words_inside',
  'text_cover',
  'gap_left',
  'gap_right',
  'gap_above',
  'gap_below',
  'left_word_colon',
  'height_per_text',
  'row_neighbours',
  'column_neighbours',
  'same_left_edge',
  'same_right_edge',
  'same_size',
  'log_page_candidates',
  'log_page_words',
];

const log1p = (n: number): number => Math.log(1 + Math.max(0, n));

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 10 : (sorted[Math.floor(sorted.length / 2)] ?? 10);
}

function isSameRow(a: DisplayedRect, b: DisplayedRect): boolean {
  return overlap1d(a[1], a[3], b[1], b[3]) >= 0.5 * Math.min(heightOf(a), heightOf(b));
}

function isSameColumn(a: DisplayedRect, b: DisplayedRect): boolean {
  return overlap1d(a[0], a[2], b[0], b[2]) >= 0.5 * Math.min(widthOf(a), widthOf(b));
}

/**
 * Nearest printed word on each side of a rect (pt, capped at FAR), and whether the word just
 * left of it on its row ends in a colon (the caption finder's text has the colon cleaned off).
 */
function gapsAround(rect: DisplayedRect, words: readonly TextRun[]): number[] {
  let [left, right, above, below] = [FAR, FAR, FAR, FAR];
  let leftText = '';
  for (const w of words) {
    if (isSameRow(rect, w.rect)) {
      if (w.rect[2] <= rect[0] + 1) {
        if (rect[0] - w.rect[2] < left) {
          leftText = w.text;
        }
        left = Math.min(left, rect[0] - w.rect[2]);
      } else if (w.rect[0] >= rect[2] - 1) {
        right = Math.min(right, w.rect[0] - rect[2]);
      }
    } else if (overlap1d(w.rect[0], w.rect[2], rect[0], rect[2]) > 0) {
      if (w.rect[3] <= rect[1] + 1) {
        above = Math.min(above, rect[1] - w.rect[3]);
      } else if (w.rect[1] >= rect[3] - 1) {
        below = Math.min(below, w.rect[1] - rect[3]);
      }
    }
  }
  const gaps = [left, right, above, below].map((g) => log1p(Math.min(FAR, Math.max(0, g))));
  return [...gaps, /[:：]\s*$/u.test(leftText) ? 1 : 0];
}

/** Words whose centre lies inside, and the share of the rect's area that text covers. */
function textOver(rect: DisplayedRect, words: readonly TextRun[]): [number, number] {
  let inside = 0;
  let covered = 0;
  for (const w of words) {
    const cx = (w.rect[0] + w.rect[2]) / 2;
    const cy = (w.rect[1] + w.rect[3]) / 2;
    if (cx >= rect[0] && cx <= rect[2] && cy >= rect[1] && cy <= rect[3]) {
      inside++;
    }
    covered += intersectionArea(rect, w.rect);
  }
  return [log1p(inside), Math.min(1, covered / Math.max(1, areaOf(rect)))];
}

/**
 * How the candidate lines up with the page's others that the rules kept: rows, columns, shared
 * edges, repeats. Turned-down candidates are left out as neighbours, so the wide reading does not
 * change what a kept candidate's neighbourhood looks like.
 */
function structureOf(me: DisplayedRect, others: readonly DisplayedRect[]): number[] {
  let [row, column, left, right, size] = [0, 0, 0, 0, 0];
  others.forEach((other) => {
    if (other === me) {
      return;
    }
    const sameRow = isSameRow(me, other);
    row += sameRow ? 1 : 0;
    column += !sameRow && isSameColumn(me, other) ? 1 : 0;
    left += !sameRow && Math.abs(other[0] - me[0]) <= EDGE_TOLERANCE ? 1 : 0;
    right += !sameRow && Math.abs(other[2] - me[2]) <= EDGE_TOLERANCE ? 1 : 0;
    const sameSize =
      Math.abs(widthOf(other) - widthOf(me)) <= SIZE_TOLERANCE &&
      Math.abs(heightOf(other) - heightOf(me)) <= SIZE_TOLERANCE;
    size += sameSize ? 1 : 0;
  });
  return [row, column, left, right, size].map(log1p);
}

/** One feature vector per candidate of a page, in FEATURE_NAMES order. */
export function pageFeatures(input: PageFeatureInput): number[][] {
  const { candidates, captions, words, pageWidth, pageHeight } = input;
  const kept = candidates.filter((c) => c.rejectedBy === undefined).map((c) => c.rect);
  const textSize = median(words.map((w) => w.size).filter((s) => s > 0));
  const pageCounts = [log1p(kept.length), log1p(words.length)];
  return candidates.map((c, index) => {
    const caption = captions[index];
    const w = Math.max(0.5, widthOf(c.rect));
    const h = Math.max(0.5, heightOf(c.rect));
    const label = caption?.text ?? c.label;
    return [
      c.confidence,
      ...KINDS.map((k) => (c.kind === k ? 1 : 0)),
      ...TYPES.map((t) => (c.type === t ? 1 : 0)),
      c.multiline === true ? 1 : 0,
      ...REJECTIONS.map((r) => (c.rejectedBy === r ? 1 : 0)),
      label === '' ? 0 : 1,
      ...SIDES.map((s) => (caption?.position === s ? 1 : 0)),
      log1p(Math.min(FAR, caption?.distance ?? FAR)),
      log1p(label.length),
      /[:：]\s*$/u.test(label) ? 1 : 0,
      w / Math.max(1, pageWidth),
      h / Math.max(1, pageHeight),
      Math.log(w),
      Math.log(h),
      Math.log(w / h),
      (c.rect[0] + c.rect[2]) / 2 / Math.max(1, pageWidth),
      (c.rect[1] + c.rect[3]) / 2 / Math.max(1, pageHeight),
      ...textOver(c.rect, words),
      ...gapsAround(c.rect, words),
      h / Math.max(1, textSize),
      ...structureOf(c.rect, kept),
      ...pageCounts,
    ];
  });
}
