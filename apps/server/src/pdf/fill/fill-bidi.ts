import * as bidiJs from 'bidi-js';
import type { Bidi } from 'bidi-js';

// Right-to-left text per the Unicode Bidirectional Algorithm (UAX #9, bidi-js): each laid-out
// line is split into runs of one direction and the runs put in visual order. Each run is then
// shaped in its logical order by fontkit, which also reverses the glyphs of Arabic and Hebrew
// runs; so digits and Latin words inside right-to-left text keep their reading order, and
// Arabic inside left-to-right text is no longer drawn letter-reversed.

// bidi-js ships CommonJS marked __esModule: Node hands over its factory as `default`, while
// TypeScript's CommonJS interop types `default` as the whole module; accept either.
function bidiFactory(): () => Bidi {
  const value: unknown = bidiJs.default;
  if (typeof value === 'function') {
    return value as () => Bidi;
  }
  return (value as { default: () => Bidi }).default;
}

const bidi = bidiFactory()();

// Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, presentation forms and the
// right-to-left supplementary blocks: text without any of these needs no bidi processing.
const RTL_CHARACTER =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

export type Direction = 'ltr' | 'rtl';

/** One run of a line in visual order: its characters in logical order and its direction. */
export interface VisualRun {
  text: string;
  rtl: boolean;
  /** Index of the run's first character in the logical line. */
  start: number;
  /**
   * A right-to-left run without right-to-left letters (`)` after a digit), given here already
   * reversed and mirrored, as the shaper would not: its text is in visual order.
   */
  reversed?: boolean;
}

/** The UAX #9 class of a character (`L`, `R`, `AL`, `EN`, …). */
export function bidiClass(char: string): string {
  return bidi.getBidiCharTypeName(char);
}

/** The mirror of a paired mark (`(` and `)`, `[` and `]`, `«` and `»`, …), if it has one. */
export function mirrorOf(char: string): string | undefined {
  return bidi.getMirroredCharacter(char) ?? undefined;
}

/** True when `text` holds right-to-left characters. */
export function hasRightToLeft(text: string): boolean {
  return RTL_CHARACTER.test(text);
}

/** The paragraph direction of `text` (UAX #9 P2–P3: its first strong character). */
export function paragraphDirection(text: string): Direction {
  if (!hasRightToLeft(text)) {
    return 'ltr';
  }
  const { paragraphs } = bidi.getEmbeddingLevels(text);
  return (paragraphs[0]?.level ?? 0) % 2 === 1 ? 'rtl' : 'ltr';
}

/** Reverses a right-to-left run that fontkit will not reverse (no strong RTL character). */
function reverseNeutralRun(text: string): string {
  return Array.from(text)
    .reverse()
    .map((char) => bidi.getMirroredCharacter(char) ?? char)
    .join('');
}

/**
 * The runs of one line in visual (left-to-right) order. Runs marked `rtl` keep their logical
 * character order: the shaper reverses their glyphs after joining Arabic letters.
 */
export function visualRuns(line: string, direction: Direction): VisualRun[] {
  if (line === '' || (direction === 'ltr' && !hasRightToLeft(line))) {
    return [{ text: line, rtl: false, start: 0 }];
  }
  const embedding = bidi.getEmbeddingLevels(line, direction);
  const { levels } = embedding;
  // UAX #9 L4: brackets and other paired marks at right-to-left levels take their mirror
  // glyph, so "(15)" in Hebrew is drawn opening towards the text. The shaper only reverses.
  const mirrors = bidi.getMirroredCharactersMap(line, levels);
  // By UTF-16 index, as bidi-js counts (mirrored characters are all in the BMP).
  const shown = Array.from(
    { length: line.length },
    (_, index) => mirrors.get(index) ?? line[index],
  ).join('');
  const order = Array.from({ length: line.length }, (_, index) => index);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(line, embedding)) {
    const reversed = order.slice(start, end + 1).reverse();
    order.splice(start, reversed.length, ...reversed);
  }
  const runs: VisualRun[] = [];
  let index = 0;
  while (index < order.length) {
    const first = order[index] ?? 0;
    const level = levels[first] ?? 0;
    const rtl = level % 2 === 1;
    let next = index + 1;
    while (
      next < order.length &&
      levels[order[next] ?? 0] === level &&
      order[next] === (order[next - 1] ?? 0) + (rtl ? -1 : 1)
    ) {
      next += 1;
    }
    const span = order.slice(index, next);
    const [from, to] = [Math.min(...span), Math.max(...span) + 1];
    const text = line.slice(from, to);
    runs.push(
      rtl && !hasRightToLeft(text)
        ? { text: reverseNeutralRun(text), rtl: false, start: from, reversed: true }
        : { text: rtl ? shown.slice(from, to) : text, rtl, start: from },
    );
    index = next;
  }
  return runs;
}
