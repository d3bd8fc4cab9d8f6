// One caption line printed over several boxes side by side: "PLZ Ort" over the postcode's and the
// town's box, "Telefone: E-mail" over the phone's and the e-mail's. The layout finder gives the
// whole line to every box under it, so both read "PLZ Ort" and compete for the same targets.
// When the line splits into as many parts as there are boxes — at its colons, or else word by
// word — each box gets its part, left to right.
import type { FieldDataDto, FieldInfoDto } from '@formbridge/contract/templates';
import { readLabelCandidate } from '@formbridge/contract/templates';

/** Boxes of one row start within this many points of each other. */
const SAME_TOP = 2;

/** The caption the layout finder took from directly above the box, if that is its label. */
function captionAbove(info: FieldInfoDto): string | undefined {
  const first = info.label_candidates?.[0];
  const candidate = first === undefined ? undefined : readLabelCandidate(first);
  return candidate?.position === 'above' && candidate.text === info.label
    ? candidate.text
    : undefined;
}

/** The caption's parts for `count` boxes, or null when it does not split that way. */
export function splitCaption(caption: string, count: number): string[] | null {
  const byColon = caption
    .split(/:\s*/u)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (byColon.length === count) {
    return byColon;
  }
  const words = caption.trim().split(/\s+/u);
  const isWordEach = words.every((word) => (word.match(/\p{L}/gu) ?? []).length >= 2);
  return byColon.length === 1 && words.length === count && isWordEach ? words : null;
}

/** The fields with every caption shared by a row of boxes split among them. */
export function splitSharedCaptions(fields: FieldDataDto): FieldDataDto {
  const rows = new Map<string, [string, FieldInfoDto][]>();
  for (const entry of Object.entries(fields)) {
    const caption = entry[1].type === 'text' ? captionAbove(entry[1]) : undefined;
    if (caption !== undefined) {
      const key = `${entry[1].page}\u0000${caption}`;
      rows.set(key, [...(rows.get(key) ?? []), entry]);
    }
  }
  const split: Record<string, FieldInfoDto> = { ...fields };
  for (const row of rows.values()) {
    const tops = row.map(([, info]) => info.rect[1]);
    if (row.length < 2 || Math.max(...tops) - Math.min(...tops) > SAME_TOP) {
      continue;
    }
    const ordered = [...row].sort((a, b) => a[1].rect[0] - b[1].rect[0]);
    const parts = splitCaption(ordered[0]?.[1].label ?? '', ordered.length);
    ordered.forEach(([name, info], i) => {
      const part = parts?.[i];
      if (part !== undefined) {
        split[name] = {
          ...info,
          label: part,
          label_candidates: [{ text: part, position: 'above' }],
        };
      }
    });
  }
  return split;
}
