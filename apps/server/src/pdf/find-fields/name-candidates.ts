// From raw cues to proposed fields: overlapping cues reduced to the strongest, a caption from
// the same caption finder that detection and mapping suggestions use, a type (date and signature
// read from the caption), a field name made from the caption, a confidence, reading order.
import type { LabelCandidate } from '../detect/detect-layout.ts';
import { findLabelCandidates } from '../detect/detect-layout.ts';
import type { TextPhrase } from '../detect/detect-labels.ts';
import type { CandidateType, FieldCandidate, RawCandidate } from './find-types.ts';
import { areaOf, intersectionArea, iou } from './rect-math.ts';

const CHECK_KINDS = new Set(['box', 'tick-cell', 'glyph', 'bracket', 'circle']);
const DATE_CAPTION =
  /\b(?:date|dated|datum|fecha|data|dátum|päivämäärä|дата|data di|date of birth|dob)\b|日期|日付|(?:dd|jj|tt)[./-]?mm[./-]?(?:yy|aa|jj)/iu;
const SIGNATURE_CAPTION =
  /signature|signed|unterschrift|firma|signé|assinatura|podpis|handtekening|подпис|签名|署名|sign here/iu;
const MAX_NAME_LENGTH = 48;
const LONG_CAPTION = 60; // characters

function typeOf(candidate: RawCandidate, label: string): CandidateType {
  if (candidate.kind === 'circle') {
    return 'radio';
  }
  if (CHECK_KINDS.has(candidate.kind)) {
    return 'checkbox';
  }
  if (candidate.kind === 'comb') {
    return 'comb';
  }
  if (SIGNATURE_CAPTION.test(label)) {
    return 'signature';
  }
  return DATE_CAPTION.test(label) ? 'date' : 'text';
}

/** Order of preference when cues overlap: marks, then combs, then the strongest. */
function priority(c: RawCandidate): number {
  return (CHECK_KINDS.has(c.kind) ? 2 : c.kind === 'comb' ? 1 : 0) + c.strength;
}

/** Keep the preferred of overlapping candidates (same box found by two cues). */
export function suppressOverlaps(candidates: readonly RawCandidate[]): RawCandidate[] {
  const kept: RawCandidate[] = [];
  for (const c of [...candidates].sort((a, b) => priority(b) - priority(a))) {
    const clashes = kept.some(
      (k) =>
        k.page === c.page &&
        (iou(k.rect, c.rect) >= 0.3 ||
          intersectionArea(k.rect, c.rect) >= 0.6 * Math.min(areaOf(k.rect), areaOf(c.rect))),
    );
    if (!clashes) {
      kept.push(c);
    }
  }
  return kept;
}

/** Lines of candidates top to bottom, each left to right. */
export function readingOrder<T extends { page: number; rect: [number, number, number, number] }>(
  items: readonly T[],
): T[] {
  const byCentre = [...items].sort(
    (a, b) => a.page - b.page || a.rect[1] + a.rect[3] - (b.rect[1] + b.rect[3]),
  );
  const lines: T[][] = [];
  for (const item of byCentre) {
    const line = lines[lines.length - 1];
    const first = line?.[0];
    const mid = (item.rect[1] + item.rect[3]) / 2;
    const isSameLine =
      first !== undefined &&
      first.page === item.page &&
      Math.abs((first.rect[1] + first.rect[3]) / 2 - mid) <=
        0.5 * Math.min(first.rect[3] - first.rect[1], item.rect[3] - item.rect[1]) + 1;
    if (line && isSameLine) {
      line.push(item);
    } else {
      lines.push([item]);
    }
  }
  return lines.flatMap((line) => line.sort((a, b) => a.rect[0] - b.rect[0]));
}

/** A field name from a caption: lower-case words joined by "_", letters of any script kept. */
export function fieldNameFrom(label: string, fallback: string): string {
  const slug = label
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/gu, '')
    .slice(0, MAX_NAME_LENGTH)
    .replace(/_+$/u, '');
  return slug === '' ? fallback : slug;
}

const FIGURE_CAPTION = /^(?:Figure|Fig\.|Table|Tabelle|Abbildung|Tableau|Tabla|Figura)\s*\d+[.:]/u;

/**
 * How a caption changes the confidence: a cue with a caption next to it is a field far more
 * often than one without; a mark is captioned on its own line; a sentence under a rule is
 * body text (a figure caption), not a field's caption.
 */
function captionBonus(
  kind: RawCandidate['kind'],
  isMark: boolean,
  caption: LabelCandidate | undefined,
): number {
  if (caption === undefined) {
    // An empty cell is a field more often than not even without a caption (a table's row far
    // from its header): measured once tables of data were told apart, 0.84 of cells were fields.
    return isMark ? -0.35 : kind === 'cell' || kind === 'white-box' ? -0.1 : -0.3;
  }
  if (FIGURE_CAPTION.test(caption.text)) {
    return -0.5; // a figure's or a table's numbered caption: the rule is the figure's frame
  }
  if (isMark) {
    return caption.position === 'left' || caption.position === 'right' ? 0.1 : -0.15;
  }
  return kind === 'rule' && caption.text.length > LONG_CAPTION ? -0.2 : 0.1;
}

/** Give one page's surviving candidates their caption, type, name and confidence. */
export function describeCandidates(
  candidates: readonly RawCandidate[],
  phrases: readonly TextPhrase[],
): Omit<FieldCandidate, 'name'>[] {
  return describeWithCaptions(candidates, phrases).described;
}

/** As describeCandidates, with the caption chosen for each (its side and distance are features). */
export function describeWithCaptions(
  candidates: readonly RawCandidate[],
  phrases: readonly TextPhrase[],
): { described: Omit<FieldCandidate, 'name'>[]; captions: (LabelCandidate | undefined)[] } {
  // Only candidates the rules kept stand between a caption and its box: the wide reading's
  // turned-down ones must not change the captions (and so the confidences) of the others.
  const blockers = candidates.filter((c) => c.rejectedBy === undefined).map((c) => c.rect);
  const captions = candidates.map(
    (c) =>
      findLabelCandidates(c.rect, phrases, blockers, { isCheckbox: CHECK_KINDS.has(c.kind) })[0],
  );
  const described = candidates.map((c, index) => {
    const isMark = CHECK_KINDS.has(c.kind);
    const caption = captions[index];
    const label = caption?.text ?? '';
    const confidence = Math.min(
      0.98,
      Math.max(0.05, c.strength + captionBonus(c.kind, isMark, caption)),
    );
    const out: Omit<FieldCandidate, 'name'> = {
      page: c.page,
      rect: c.rect.map((n) => Math.round(n * 100) / 100) as FieldCandidate['rect'],
      type: typeOf(c, label),
      label,
      confidence: Math.round(confidence * 100) / 100,
      kind: c.kind,
    };
    if (c.multiline === true) {
      out.multiline = true;
    }
    if (c.maxLen !== undefined) {
      out.max_len = c.maxLen;
    }
    return out;
  });
  return { described, captions };
}

/** Unique field names over the whole document, in reading order. */
export function nameCandidates(
  described: readonly Omit<FieldCandidate, 'name'>[],
): FieldCandidate[] {
  const used = new Map<string, number>();
  return described.map((c, index) => {
    const base = fieldNameFrom(c.label, `${c.type}_${index + 1}`);
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    return { ...c, name: count === 1 ? base : `${base}_${count}` };
  });
}
