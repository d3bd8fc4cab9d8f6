// Layout-based label finding: for one widget, the printed texts that may be its caption, each
// with where it sits (left on the same line, directly above, directly below, the header of its
// column, the header of its row), ranked; and the section heading the widget sits under. Pure:
// it works on a page's text phrases (pdf.js text content merged into lines, detect-labels.ts) and
// widget rectangles, so it runs wherever detection runs.
import type { LabelPosition } from '@formbridge/contract/templates';
import type { TextPhrase } from './detect-labels.ts';
import { cleanCaption } from './detect-labels.ts';
import type { DisplayedRect } from './detect-types.ts';

export type { LabelPosition };
export type LabelCandidate = { text: string; position: LabelPosition; distance: number };
export { cleanCaption };

/** How far (pt) and how costly each position is: same-line captions win over the rest. */
const REACH: Record<LabelPosition, { max: number; cost: number }> = {
  left: { max: 180, cost: 1 },
  right: { max: 40, cost: 1 },
  above: { max: 28, cost: 1.5 },
  below: { max: 14, cost: 2.5 },
  column: { max: 140, cost: 3 },
  row: { max: 400, cost: 4 },
};
const MAX_CANDIDATES = 4;
const MAX_LABEL_LENGTH = 80;
/** A heading is this much larger than the page's usual text, or a numbered part. */
const HEADING_SIZE_RATIO = 1.2;
const NUMBERED_PART =
  /^(?:part|section|step|schedule|partie|section|sección|parte|teil|abschnitt|deel|частина|раздел)\s+[\dIVXA-Z]+\b/iu;
const LETTERED_BLOCK = /^[A-Z]\s*[).:-]?\s+\p{Lu}[\p{Lu}\s,'’()/-]{3,}$/u;

const overlapX = (a: DisplayedRect, b: DisplayedRect) =>
  Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
const overlapY = (a: DisplayedRect, b: DisplayedRect) =>
  Math.min(a[3], b[3]) - Math.max(a[1], b[1]);

/** "Logradouro: N°: Complemento" left of a box: the caption nearest the box is the last part. */
function lastCaption(text: string): string {
  const parts = text.split(/:\s+/u).filter((part) => /[\p{L}]/u.test(part));
  return parts[parts.length - 1] ?? text;
}

function place(rect: DisplayedRect, p: TextPhrase, isCheckbox: boolean): LabelCandidate | null {
  const height = rect[3] - rect[1];
  const sameLine = overlapY(p.rect, rect) > Math.min(p.rect[3] - p.rect[1], height) * 0.3;
  // A caption that starts left of the box and runs into it is the box's own: forms often draw
  // the widget over the whole cell, caption included ("Phone no." in the 1040's signature rows).
  if (sameLine && (p.rect[2] <= rect[0] + 2 || (p.rect[0] < rect[0] - 2 && p.rect[2] < rect[2]))) {
    const distance = Math.max(0, rect[0] - p.rect[2]);
    const position = distance <= REACH.left.max ? 'left' : 'row';
    return { text: lastCaption(p.text), position, distance };
  }
  if (sameLine && isCheckbox && p.rect[0] >= rect[2] - 2) {
    return { text: p.text, position: 'right', distance: Math.max(0, p.rect[0] - rect[2]) };
  }
  if (overlapX(p.rect, rect) > 0 && p.rect[3] <= rect[1] + 2) {
    const distance = Math.max(0, rect[1] - p.rect[3]);
    return { text: p.text, position: distance <= REACH.above.max ? 'above' : 'column', distance };
  }
  if (overlapX(p.rect, rect) > 0 && p.rect[1] >= rect[3] - 2) {
    return { text: p.text, position: 'below', distance: Math.max(0, p.rect[1] - rect[3]) };
  }
  return null;
}

/**
 * The printed texts that may caption a widget, best first (at most four, distinct texts). A
 * caption under a box only counts when no other box sits between them, so the caption printed
 * under the box above is not taken for this one's.
 */
export function findLabelCandidates(
  rect: DisplayedRect,
  phrases: readonly TextPhrase[],
  widgetRects: readonly DisplayedRect[],
  options: { isCheckbox?: boolean } = {},
): LabelCandidate[] {
  const scored: { candidate: LabelCandidate; cost: number }[] = [];
  for (const phrase of phrases) {
    const candidate = place(rect, phrase, options.isCheckbox === true);
    if (candidate === null || candidate.distance > REACH[candidate.position].max) {
      continue;
    }
    if (candidate.position === 'above' || candidate.position === 'column') {
      // Another box between the text and this one, or a box right above the text that is nearer
      // to it than this one (the text is that box's caption below): the text is not this box's.
      const isBlocked = widgetRects.some(
        (other) =>
          other !== rect &&
          overlapX(other, phrase.rect) > 0 &&
          ((other[1] >= phrase.rect[3] - 1 && other[3] <= rect[1] + 1) ||
            (other[3] <= phrase.rect[1] + 1 && phrase.rect[1] - other[3] < candidate.distance)),
      );
      if (isBlocked && candidate.position === 'above') {
        continue;
      }
    }
    const text = cleanCaption(candidate.text);
    if (/\p{L}/u.test(text)) {
      scored.push({
        candidate: { ...candidate, text },
        cost: candidate.distance * REACH[candidate.position].cost + REACH[candidate.position].cost,
      });
    }
  }
  scored.sort((a, b) => a.cost - b.cost);
  const result: LabelCandidate[] = [];
  for (const { candidate } of scored) {
    if (!result.some((c) => c.text === candidate.text)) {
      result.push(candidate);
    }
    if (result.length === MAX_CANDIDATES) {
      break;
    }
  }
  return result;
}

export type SectionHeading = { text: string; top: number };

function isHeading(p: TextPhrase, median: number): boolean {
  const text = p.text.trim();
  if (text.length < 3 || text.length > MAX_LABEL_LENGTH || !/\p{L}{3}/u.test(text)) {
    return false;
  }
  return (
    (median > 0 && p.size >= median * HEADING_SIZE_RATIO && text.length >= 4) ||
    NUMBERED_PART.test(text) ||
    LETTERED_BLOCK.test(text)
  );
}

/**
 * Whether `next` continues the heading `last` on the following line: the same type size, left
 * edges aligned and no more than a line's gap between them. Block titles set in a narrow margin
 * column ("Paid / Preparer / Use Only", "Third Party / Designee") are one heading printed over
 * several lines; read line by line, the block's last rows would be headed "Use Only".
 */
function continuesHeading(last: TextPhrase, next: TextPhrase): boolean {
  const size = Math.max(last.size, next.size);
  return (
    Math.abs(last.size - next.size) <= size * 0.15 &&
    Math.abs(last.rect[0] - next.rect[0]) <= size &&
    next.rect[1] >= last.rect[1] + last.size * 0.5 &&
    next.rect[1] - last.rect[3] <= size * 0.6
  );
}

/**
 * Section headings of a page: text clearly larger than the page's usual text, numbered parts
 * ("Part II", "Section 3", "Paso 2") and lettered all-capital block titles ("B ENDEREÇO
 * RESIDENCIAL"), top to bottom; a heading printed over several lines is one heading.
 */
export function findSectionHeadings(phrases: readonly TextPhrase[]): SectionHeading[] {
  const sizes = phrases.map((p) => p.size).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const lines = phrases
    .filter((p) => isHeading(p, median))
    .sort((a, b) => a.rect[1] - b.rect[1] || a.rect[0] - b.rect[0]);
  const groups: TextPhrase[][] = [];
  for (const line of lines) {
    const group = groups.find((g) => {
      const last = g[g.length - 1];
      return last !== undefined && continuesHeading(last, line);
    });
    if (group) {
      group.push(line);
    } else {
      groups.push([line]);
    }
  }
  return groups
    .map((g) => ({
      text: cleanCaption(g.map((p) => p.text.trim()).join(' ')),
      top: g[0]?.rect[1] ?? 0,
    }))
    .sort((a, b) => a.top - b.top);
}

/** The last heading above a widget on its page, if any. */
export function sectionOf(
  rect: DisplayedRect,
  headings: readonly SectionHeading[],
): string | undefined {
  let section: string | undefined;
  for (const heading of headings) {
    if (heading.top <= rect[1]) {
      section = heading.text;
    }
  }
  return section;
}
