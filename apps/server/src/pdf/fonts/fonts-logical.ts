import { bidiClass, hasRightToLeft, mirrorOf, type VisualRun } from '../fill/fill-bidi.ts';
import type { GlyphCopies } from './fonts-mirrored.ts';
import type { FontFace } from './fonts.ts';

// The text layer of a line holding right-to-left text (issue 30): the glyphs land where the bidi
// layout puts them, but they are shown in logical order, each at its place, so extractors that
// keep content order read the logical string:
// - MuPDF keeps content order on a line for right-to-left characters (and the digits and
//   spaces after them); a left-to-right letter starts a new line when it lands far from the
//   end of the glyph before it.
// - pdf.js puts touching glyphs into one item and reorders each item by its own bidi guess, so
//   two right-to-left glyphs must never touch in content order (a step back splits items), and
//   a step forward reads as a space. It never reads /ActualText (pdf.js 6's text content).
// - poppler rebuilds order from positions and ignores content order, so the line carries an
//   /ActualText span (below) that poppler reads instead of the glyphs.
// Spaces draw nothing, so each is put, and stretched (Tz), wherever keeps its neighbours
// touching. A ligature (lam-alef) maps to its first letter; the rest follow as invisible glyphs.

const RLM = '\u200f';
const isStrongRtl = (char: string) => ['R', 'AL'].includes(bidiClass(char)) || char === RLM;
// poppler's letters and digits (unicodeTypeL, unicodeTypeNum) also take in the separators and
// terminators of numbers (UAX #9 ES, ET, CS: `+ - , . / : % $ #`, currency signs, the Arabic
// comma), bar what its table predates or leaves out (probed with pdftotext 22.12): the narrow
// no-break space, currency signs from U+20B2 (₹, ₺, ₽) and the Arabic number signs.
const POPPLER_NEUTRAL = /[\u202f\u20b2-\u20cf\u0600-\u0603\u06dd]/u;
const isStrongLtrOrNumber = (char: string) =>
  ['L', 'EN', 'AN', 'ES', 'ET', 'CS'].includes(bidiClass(char)) && !POPPLER_NEUTRAL.test(char);

/**
 * The /ActualText poppler needs to print `line` in logical order on a left-to-right page:
 * poppler prints each stretch from a right-to-left character up to the next letter or digit
 * reversed, so those stretches are given reversed, each ending on a right-to-left character
 * (an RLM after trailing spaces), as poppler would otherwise move those spaces.
 */
export function popplerActualText(line: string): string {
  const chars = Array.from(line);
  let out = '';
  let index = 0;
  while (index < chars.length) {
    while (index < chars.length && !isStrongRtl(chars[index] ?? '')) {
      out += chars[index];
      index += 1;
    }
    const stretch: string[] = [];
    while (index < chars.length && !isStrongLtrOrNumber(chars[index] ?? '')) {
      stretch.push(chars[index] ?? '');
      index += 1;
    }
    if (stretch.length > 0) {
      if (!isStrongRtl(stretch.at(-1) ?? '')) {
        stretch.push(RLM);
      }
      out += stretch.reverse().join('');
    }
  }
  return out;
}

/**
 * The /ActualText poppler needs to print `line` in logical order on a right-to-left page
 * (one with more right-to-left letters than left-to-right ones): there poppler reads the text
 * from its end, printing each stretch of other than letters and digits reversed and each
 * stretch up to a letter or digit without a right-to-left letter as it stands. So the line is
 * given as those stretches in reverse order, each stretch of right-to-left text reversed and
 * starting on a right-to-left character (an RLM before leading spaces), which ends the
 * stretch before it.
 */
export function popplerActualTextRtl(line: string): string {
  const chars = Array.from(line);
  const pieces: string[] = [];
  let index = 0;
  while (index < chars.length) {
    const reversed: string[] = [];
    while (index < chars.length && !isStrongLtrOrNumber(chars[index] ?? '')) {
      reversed.push(chars[index] ?? '');
      index += 1;
    }
    if (reversed.length > 0) {
      if (pieces.length > 0 && !isStrongRtl(reversed[0] ?? '')) {
        reversed.unshift(RLM);
      }
      pieces.push(reversed.reverse().join(''));
    }
    let end = index;
    while (end < chars.length && !isStrongRtl(chars[end] ?? '')) {
      end += 1;
    }
    // Up to its last letter or digit: what follows starts the next reversed stretch.
    while (end > index && !isStrongLtrOrNumber(chars[end - 1] ?? '')) {
      end -= 1;
    }
    if (end > index) {
      pieces.push(chars.slice(index, end).join(''));
      index = end;
    }
  }
  return pieces.reverse().join('');
}

function utf16Hex(text: string): string {
  let hex = 'FEFF';
  for (let index = 0; index < text.length; index += 1) {
    hex += text.charCodeAt(index).toString(16).padStart(4, '0').toUpperCase();
  }
  return hex;
}

// pdf.js, reading page content (a flattened form), drops whitespace glyphs and makes a space
// only from a forward step, which the glyph after a space in right-to-left text never takes in
// logical order; so the spaces of such a line are shown with the punctuation space glyph (same
// advance, draws nothing), whose text is a space and a right-to-left mark: not whitespace alone,
// so pdf.js keeps it, and the mark is invisible (poppler reads the /ActualText instead). A
// punctuation space typed in a value reads the same way once this glyph is in use.
const PUNCTUATION_SPACE = 0x2008;
const SPACE_AND_RLM = [0x20, 0x200f];

/** The code of the punctuation space glyph, made to read as a space, or undefined. */
function textSpaceHex(face: FontFace, encode: (text: string) => string): string | undefined {
  const { font } = face;
  const glyph = font.hasGlyphForCodePoint(PUNCTUATION_SPACE)
    ? font.glyphForCodePoint(PUNCTUATION_SPACE)
    : null;
  const space = font.hasGlyphForCodePoint(0x20) ? font.glyphForCodePoint(0x20) : null;
  if (!glyph || !space || glyph.advanceWidth !== space.advanceWidth) {
    return undefined;
  }
  glyph.codePoints = SPACE_AND_RLM;
  const hex = encode(String.fromCodePoint(PUNCTUATION_SPACE));
  return hex.length === 4 ? hex : undefined;
}

interface Placed {
  hex: string;
  /** Position and advance along the line, in thousandths of an em. */
  x: number;
  advance: number;
  space: boolean;
  /** First character is a strong right-to-left one. */
  rtl: boolean;
  /** Its strong direction: 1 left to right, -1 right to left, 0 neither. */
  strong: number;
  /** Invisible glyphs for the other letters of a ligature. */
  rest: Array<{ hex: string; advance: number }>;
}

// Ligature glyphs whose ToUnicode entry was cut to the first letter, with all their letters.
const ligatureLetters = new WeakMap<object, number[]>();

/**
 * Content-stream operators showing `runs` (one line, visual order, with each run's logical
 * start) in logical order, or undefined when a run's glyphs cannot be matched to its encoding.
 */
export function logicalOrderOperators(
  line: string,
  runs: ReadonlyArray<VisualRun & { start: number }>,
  face: FontFace,
  pieces: (run: VisualRun) => string[],
  encode: (text: string) => string,
  copies?: GlyphCopies,
  rtlPage = false,
): string | undefined {
  const scale = 1000 / face.font.unitsPerEm;
  const spaceHex = line.includes(' ') ? textSpaceHex(face, encode) : undefined;
  const runsInOrder: Array<{ start: number; glyphs: Placed[] }> = [];
  let x = 0;
  for (const run of runs) {
    // Glyphs in visual order that read backwards: a right-to-left run, or one reversed already.
    const backwards = run.rtl || run.reversed === true;
    const glyphs: Placed[] = [];
    for (const piece of pieces(run)) {
      const hex = encode(piece);
      const shaped = face.font.layout(piece).glyphs;
      if (hex.length !== shaped.length * 4) {
        return undefined;
      }
      shaped.forEach((glyph, index) => {
        const letters = ligatureLetters.get(glyph) ?? glyph.codePoints;
        if (run.rtl && letters.length > 1 && !ligatureLetters.has(glyph)) {
          ligatureLetters.set(glyph, [...letters]);
          glyph.codePoints = [letters[0] as number];
        }
        const rest = run.rtl
          ? letters.slice(1).map((codePoint) => {
              const char = String.fromCodePoint(codePoint);
              const [only] = face.font.layout(char).glyphs;
              return { hex: encode(char).slice(0, 4), advance: (only?.advanceWidth ?? 0) * scale };
            })
          : [];
        const first = String.fromCodePoint(letters[0] ?? 0);
        const advance = glyph.advanceWidth * scale;
        const isSpace = letters.length === 1 && first === ' ';
        // A paired mark in a right-to-left run is its mirror (fill-bidi.ts): read as typed.
        const typed = backwards && letters.length === 1 ? mirrorOf(first) : undefined;
        const own = hex.slice(index * 4, index * 4 + 4);
        glyphs.push({
          hex: isSpace && spaceHex ? spaceHex : typed ? (copies?.(glyph, typed) ?? own) : own,
          x,
          advance,
          space: isSpace,
          rtl: hasRightToLeft(first),
          strong: isStrongRtl(first) ? -1 : bidiClass(first) === 'L' ? 1 : 0,
          rest,
        });
        x += advance;
      });
    }
    runsInOrder.push({ start: run.start, glyphs: backwards ? glyphs.reverse() : glyphs });
  }
  // MuPDF's running direction: a space or digit after a left-to-right letter must stay close.
  let direction = 0;
  const order = runsInOrder.sort((a, b) => a.start - b.start).flatMap((run) => run.glyphs);
  const ops: string[] = [];
  let array: string[] = [];
  let pen = 0;
  const moveTo = (target: number) => {
    const step = Math.round((target - pen) * 100) / 100;
    if (step !== 0) {
      array.push(String(-step));
    }
    pen = target;
  };
  const flush = () => {
    if (array.length > 0) {
      ops.push(`[${array.join(' ')}] TJ`);
      array = [];
    }
  };
  order.forEach((glyph, index) => {
    if (glyph.space) {
      const next = order[index + 1];
      if (next && !next.space && next.x > pen) {
        // Stretched from the pen to the next glyph: nothing between them to read as a gap.
        flush();
        ops.push(
          `${Math.round(((next.x - pen) / glyph.advance) * 10000) / 100} Tz [<${glyph.hex}>] TJ 100 Tz`,
        );
        pen = next.x;
        return;
      }
      // Before a right-to-left letter: alone (pdf.js would turn it with that letter), where it
      // shows, or touching a left-to-right letter before it (MuPDF); before others, ending
      // where they start.
      if (next && !next.space && next.rtl) {
        moveTo(direction > 0 ? pen : glyph.x);
      } else {
        moveTo(next && !next.space ? next.x - glyph.advance : pen);
      }
    } else {
      moveTo(glyph.x);
    }
    array.push(`<${glyph.hex}>`);
    pen += glyph.advance;
    direction = glyph.strong === 0 ? direction : glyph.strong;
    if (glyph.rest.length > 0) {
      flush();
      ops.push('3 Tr');
      for (const letter of glyph.rest) {
        moveTo(glyph.x);
        array.push(`<${letter.hex}>`);
        pen += letter.advance;
      }
      flush();
      ops.push('0 Tr');
    }
  });
  flush();
  const actual = rtlPage ? popplerActualTextRtl(line) : popplerActualText(line);
  return `/Span <</ActualText <${utf16Hex(actual)}>>> BDC\n${ops.join('\n')}\nEMC`;
}
