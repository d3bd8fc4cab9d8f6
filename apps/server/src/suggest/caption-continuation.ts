// A caption printed over two lines beside two stacked boxes: "Surname and first name, or company"
// beside the first box and "name" beside the second. The layout finder gives each box the line
// next to it, so the second box, often the name's second line, reads as "name" on its own and
// outscores the box the caption is for. A caption that starts in lower case directly under a box
// whose caption starts in upper case and does not end in a colon or full stop continues that
// caption: it is moved up to it, and the lower box is left without a printed caption.
import type { FieldDataDto, FieldInfoDto } from '@formbridge/contract/templates';
import { readLabelCandidate } from '@formbridge/contract/templates';

/** Stacked lines of one box share their edges within this many points. */
const EDGE_TOLERANCE = 2;
/** The lower box starts at most this many of its own heights below the upper one. */
const MAX_GAP_HEIGHTS = 1;

function startsLowerCase(text: string): boolean {
  return /^\p{Ll}/u.test(text.trim());
}

function isOpenCaption(text: string): boolean {
  const trimmed = text.trim();
  return /^\p{Lu}/u.test(trimmed) && !/[:.]$/.test(trimmed);
}

/** The caption was found on the box's own line, left of it. */
function isCaptionLeft(info: FieldInfoDto): boolean {
  const first = info.label_candidates?.[0];
  const candidate = first === undefined ? undefined : readLabelCandidate(first);
  return candidate?.position === 'left' && candidate.text === info.label;
}

/**
 * The box whose caption the lower box's caption continues, if any: a text box of the same
 * left and right edges right above it, both captioned on their own line.
 */
function boxAbove(info: FieldInfoDto, fields: readonly FieldInfoDto[]): FieldInfoDto | undefined {
  const [x0, top, x1, bottom] = info.rect;
  const height = bottom - top;
  return fields.find((other) => {
    const [ox0, otop, ox1, obottom] = other.rect;
    return (
      other !== info &&
      other.page === info.page &&
      other.type === 'text' &&
      Math.abs(ox0 - x0) <= EDGE_TOLERANCE &&
      Math.abs(ox1 - x1) <= EDGE_TOLERANCE &&
      isCaptionLeft(other) &&
      otop < top &&
      obottom <= top + 2 &&
      top - obottom <= height * MAX_GAP_HEIGHTS &&
      other.label !== undefined &&
      isOpenCaption(other.label)
    );
  });
}

/** The fields with every caption continued from the box above moved up to that box. */
export function joinContinuedCaptions(fields: FieldDataDto): FieldDataDto {
  const infos = Object.values(fields);
  const joined: Record<string, FieldInfoDto> = { ...fields };
  const names = new Map(Object.entries(fields).map(([name, info]) => [info, name]));
  for (const [name, info] of Object.entries(fields)) {
    const isCandidate = info.type === 'text' && info.label !== undefined && isCaptionLeft(info);
    if (!isCandidate || info.label === undefined || !startsLowerCase(info.label)) {
      continue;
    }
    const above = boxAbove(info, infos);
    const aboveName = above && names.get(above);
    if (above === undefined || aboveName === undefined) {
      continue;
    }
    const withoutCaption = { ...info };
    delete withoutCaption.label;
    delete withoutCaption.label_candidates;
    joined[name] = withoutCaption;
    joined[aboveName] = { ...(joined[aboveName] ?? above), label: `${above.label} ${info.label}` };
  }
  return joined;
}
