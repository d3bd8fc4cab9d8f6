// Captions printed under the line. Some forms stack boxes one under another with each caption
// printed below its box ("Vorname" under the first name's line, "Name" under the next). The
// layout finder, which prefers text above a box, then gives every box its upper neighbour's
// caption: the first box gets the text over the whole block (an instruction, a bracketed legal
// reference) and each caption lands one box too low. A top box with a caption beside it is not
// such a stack. When a stack of at least three boxes shows
// exactly that — the top box under text that is no caption, every other box under a short
// caption — the captions are moved up one box, and the last box keeps none.
import type { FieldDataDto, FieldInfoDto } from '@formbridge/contract/templates';
import { readLabelCandidate } from '@formbridge/contract/templates';

const MIN_STACK = 3;
/** A caption is a few words; more is an instruction or a sentence. */
const CAPTION_WORDS = 4;
/** The next box of a stack starts at most this many box heights under the one before. */
const MAX_GAP_HEIGHTS = 2.5;

function isCaptionLike(text: string): boolean {
  const trimmed = text.trim();
  return (
    /^\p{Lu}/u.test(trimmed) &&
    !trimmed.startsWith('(') &&
    trimmed.split(/\s+/).length <= CAPTION_WORDS
  );
}

/** The printed caption the layout finder took from directly above the box, if that is its label. */
function captionAbove(info: FieldInfoDto): string | undefined {
  const first = info.label_candidates?.[0];
  const candidate = first === undefined ? undefined : readLabelCandidate(first);
  return candidate?.position === 'above' && candidate.text === info.label
    ? candidate.text
    : undefined;
}

/** The box right under `info` in its column, if any. */
function nextInStack(
  info: FieldInfoDto,
  boxes: readonly [string, FieldInfoDto][],
): [string, FieldInfoDto] | undefined {
  const [x0, top, x1, bottom] = info.rect;
  const height = bottom - top;
  let best: [string, FieldInfoDto] | undefined;
  for (const entry of boxes) {
    const [ox0, otop, ox1] = entry[1].rect;
    const overlap = Math.min(x1, ox1) - Math.max(x0, ox0);
    const isBelow = otop >= bottom - 1 && otop - bottom <= height * MAX_GAP_HEIGHTS;
    if (entry[1] !== info && overlap > 0.5 * Math.min(x1 - x0, ox1 - ox0) && isBelow) {
      if (best === undefined || otop < best[1].rect[1]) {
        best = entry;
      }
    }
  }
  return best;
}

/** The fields with the captions of every stack printed under its boxes moved up one box. */
export function moveCaptionsBelowLines(fields: FieldDataDto): FieldDataDto {
  const boxes = Object.entries(fields).filter(([, info]) => info.type === 'text');
  const byPage = new Map<number, [string, FieldInfoDto][]>();
  for (const entry of boxes) {
    byPage.set(entry[1].page, [...(byPage.get(entry[1].page) ?? []), entry]);
  }
  const moved: Record<string, FieldInfoDto> = { ...fields };
  for (const pageBoxes of byPage.values()) {
    const hasAbove = new Set<FieldInfoDto>();
    for (const [, info] of pageBoxes) {
      const next = nextInStack(info, pageBoxes);
      if (next) {
        hasAbove.add(next[1]);
      }
    }
    for (const start of pageBoxes.filter(([, info]) => !hasAbove.has(info))) {
      const stack: [string, FieldInfoDto][] = [start];
      for (
        let next = nextInStack(start[1], pageBoxes);
        next;
        next = nextInStack(next[1], pageBoxes)
      ) {
        stack.push(next);
      }
      const top = start[1].label;
      const captions = stack.slice(1).map(([, info]) => captionAbove(info));
      const isCaptionsBelow =
        stack.length >= MIN_STACK &&
        (top === undefined || (captionAbove(start[1]) !== undefined && !isCaptionLike(top))) &&
        captions.filter((c) => c !== undefined && isCaptionLike(c)).length >= MIN_STACK - 1 &&
        stack
          .slice(1)
          .every(([, info]) => info.label === undefined || captionAbove(info) !== undefined);
      if (!isCaptionsBelow) {
        continue;
      }
      stack.forEach(([name, info], i) => {
        const caption = captions[i];
        const rest = { ...info };
        delete rest.label;
        delete rest.label_candidates;
        moved[name] =
          caption === undefined
            ? rest
            : { ...rest, label: caption, label_candidates: [{ text: caption, position: 'below' }] };
      });
    }
  }
  return moved;
}
