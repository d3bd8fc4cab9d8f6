// Field labels: the printed text nearest to a widget, for mapping suggestions. Heuristic by
// nature — it only has to be a good hint, never a key.
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DisplayedRect } from './detect-types.ts';
import type { PageFrame } from './pdf-geometry.ts';
import { toDisplayedPoint } from './pdf-geometry.ts';

/** A run of printed text on one line, in displayed coordinates. */
export type TextPhrase = { text: string; rect: DisplayedRect; size: number };

const MAX_LEFT_DISTANCE = 180; // pt: a label further left than this belongs to something else
const MAX_RIGHT_DISTANCE = 40; // pt: checkbox captions sit right next to the box
const MAX_ABOVE_DISTANCE = 28; // pt: about two lines of small print
const ABOVE_PENALTY = 1.5; // prefer a label on the same line when both are close
const MAX_LABEL_LENGTH = 80;

type Item = { text: string; rect: DisplayedRect; size: number };

function isTextItem(
  value: unknown,
): value is { str: string; transform: number[]; width: number; height: number } {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const v = value as Record<string, unknown>;
  return (
    typeof v.str === 'string' &&
    Array.isArray(v.transform) &&
    typeof v.width === 'number' &&
    typeof v.height === 'number'
  );
}

/** Displayed bounding box of a text item drawn along (a, b) from (e, f). */
function itemRect(
  transform: number[],
  width: number,
  height: number,
  frame: PageFrame,
): Item['rect'] | null {
  const [a = 0, b = 0, , , e = 0, f = 0] = transform;
  const scale = Math.hypot(a, b);
  if (scale === 0 || !Number.isFinite(e) || !Number.isFinite(f)) {
    return null;
  }
  const [cos, sin] = [a / scale, b / scale];
  const h = height > 0 ? height : scale;
  const corners: [number, number][] = [
    [e, f],
    [e + width * cos, f + width * sin],
    [e + width * cos - h * sin, f + width * sin + h * cos],
    [e - h * sin, f + h * cos],
  ];
  const pts = corners.map(([x, y]) => toDisplayedPoint(x, y, frame));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Join neighbouring items on the same displayed line into phrases. */
export function mergePhrases(items: Item[]): TextPhrase[] {
  const sorted = [...items].sort((p, q) => p.rect[1] - q.rect[1] || p.rect[0] - q.rect[0]);
  const lines: Item[][] = [];
  for (const item of sorted) {
    const mid = (item.rect[1] + item.rect[3]) / 2;
    const line = lines.find((l) => {
      const first = l[0];
      return (
        first !== undefined &&
        Math.abs((first.rect[1] + first.rect[3]) / 2 - mid) < Math.max(2, first.size * 0.4)
      );
    });
    if (line) {
      line.push(item);
    } else {
      lines.push([item]);
    }
  }
  const phrases: TextPhrase[] = [];
  for (const line of lines) {
    line.sort((p, q) => p.rect[0] - q.rect[0]);
    let current: TextPhrase | null = null;
    for (const item of line) {
      const gap = current ? item.rect[0] - current.rect[2] : Infinity;
      if (current && gap < Math.max(3, current.size * 0.8)) {
        const space =
          gap > current.size * 0.15 && !current.text.endsWith(' ') && !item.text.startsWith(' ');
        current.text += (space ? ' ' : '') + item.text;
        current.rect = [
          Math.min(current.rect[0], item.rect[0]),
          Math.min(current.rect[1], item.rect[1]),
          Math.max(current.rect[2], item.rect[2]),
          Math.max(current.rect[3], item.rect[3]),
        ];
      } else {
        current = { text: item.text, rect: [...item.rect], size: item.size };
        phrases.push(current);
      }
    }
  }
  return phrases
    .map((p) => ({ ...p, text: p.text.replace(/\s+/g, ' ').trim() }))
    .filter((p) => /[\p{L}\p{N}]/u.test(p.text));
}

/** The page's printed text as phrases in displayed coordinates. */
export async function pagePhrases(page: PDFPageProxy, frame: PageFrame): Promise<TextPhrase[]> {
  const content = await page.getTextContent({
    includeMarkedContent: false,
    disableNormalization: false,
  });
  const items: Item[] = [];
  for (const raw of content.items) {
    if (!isTextItem(raw) || raw.str === '') {
      continue;
    }
    const rect = itemRect(raw.transform, raw.width, raw.height, frame);
    if (rect) {
      items.push({
        text: raw.str,
        rect,
        size: Math.max(1, Math.min(rect[3] - rect[1], rect[2] - rect[0]) || 1),
      });
    }
  }
  return mergePhrases(items);
}

function verticalOverlap(a: DisplayedRect, b: DisplayedRect): number {
  return Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
}

function horizontalOverlap(a: DisplayedRect, b: DisplayedRect): number {
  return Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
}

/**
 * A caption as a user would read it: leading line numbers ("1", "6a", "01-", "(2)", "[5]"),
 * leaders (dots, underscores, ellipses) and trailing colons removed.
 */
export function cleanCaption(text: string): string {
  const cleaned = text
    .replace(/[._…·]{2,}/gu, ' ')
    .replace(/^\s*(?:\(?\[?\d{1,3}[a-z]?[\])]?[.:-]?|[a-z]\))\s+/iu, '')
    .replace(/^[\s.:_…·-]+|[\s.:_…·-]+$/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > MAX_LABEL_LENGTH
    ? `${cleaned.slice(0, MAX_LABEL_LENGTH - 1).trimEnd()}…`
    : cleaned;
}

/** A label and where it sits: on the box's line (left, or right of a checkbox) or above it. */
export type PlacedLabel = { text: string; position: 'left' | 'right' | 'above' };

/**
 * The closest phrase to the left of (same line) or above (same column) `rect`. With
 * `right: true` (checkboxes, whose caption conventionally follows the box) text to the right on
 * the same line counts as well.
 */
export function nearestPlacedLabel(
  rect: DisplayedRect,
  phrases: TextPhrase[],
  options: { right?: boolean } = {},
): PlacedLabel | undefined {
  let best: (PlacedLabel & { score: number }) | null = null;
  const height = rect[3] - rect[1];
  for (const p of phrases) {
    let score = Infinity;
    let position: PlacedLabel['position'] = 'left';
    const sameLine = verticalOverlap(p.rect, rect) > Math.min(p.rect[3] - p.rect[1], height) * 0.3;
    // Captions running into a box drawn over the whole cell count as left of it (detect-layout.ts).
    if (
      sameLine &&
      (p.rect[2] <= rect[0] + 2 || (p.rect[0] < rect[0] - 2 && p.rect[2] < rect[2]))
    ) {
      const distance = Math.max(0, rect[0] - p.rect[2]);
      score = distance <= MAX_LEFT_DISTANCE ? distance : Infinity;
    } else if (sameLine && options.right === true && p.rect[0] >= rect[2] - 2) {
      const distance = Math.max(0, p.rect[0] - rect[2]);
      score = distance <= MAX_RIGHT_DISTANCE ? distance : Infinity;
      position = 'right';
    } else if (p.rect[3] <= rect[1] + 2 && horizontalOverlap(p.rect, rect) > 0) {
      const distance = Math.max(0, rect[1] - p.rect[3]);
      score = distance <= MAX_ABOVE_DISTANCE ? distance * ABOVE_PENALTY : Infinity;
      position = 'above';
    }
    if (score < (best?.score ?? Infinity)) {
      const text = cleanCaption(p.text);
      // A bare line number or footnote mark ("1", "4)") sits nearest but names nothing.
      if (/\p{L}/u.test(text)) {
        best = { score, text, position };
      }
    }
  }
  return best === null ? undefined : { text: best.text, position: best.position };
}

/** The text of nearestPlacedLabel. */
export function nearestLabel(
  rect: DisplayedRect,
  phrases: TextPhrase[],
  options: { right?: boolean } = {},
): string | undefined {
  return nearestPlacedLabel(rect, phrases, options)?.text;
}
