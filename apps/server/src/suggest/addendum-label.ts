import type { FieldInfoDto } from '@formbridge/contract/templates';
import { cleanCaption } from './caption-clean.ts';
import { readableFieldName } from './readable-name.ts';

// The label an addendum item is listed under (issue 30): the caption finder's label when it is a
// whole caption, else the field's tooltip, else its name made readable. The nearest printed text
// is often a piece of a sentence running past the box ("soreness in wrist over time.", "MOTION
// FOR", "on"), which names nothing on a page of its own.

/** Words a caption never ends on: it runs on into the box or the next line. */
const CONNECTORS = new Set(
  (
    'a an the and or of for to in at on by with from as who which that whose if than ' +
    'de du des la le les et ou à au aux pour par en sur ' +
    'der die das den dem des und oder für von zu im am an auf mit bei ' +
    'el los las y o del al con por para en ' +
    'il lo gli e di da per con su nel ' +
    'het een en of van voor met op aan bij ' +
    'i w z na do od dla o ze'
  ).split(' '),
);

const MIN_LETTERS = 3;
const MAX_LOWERCASE_WORDS = 3;

/** True when `text` reads as a whole caption, not a piece of a sentence. */
export function isWholeCaption(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length < MIN_LETTERS) {
    return false;
  }
  const words = text.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  const last =
    words
      .at(-1)
      ?.toLowerCase()
      .replace(/[^\p{L}]/gu, '') ?? '';
  if (CONNECTORS.has(last)) {
    return false;
  }
  // A lower-case start over several words is the middle of a sentence ("in this action who
  // requests"); a short lower-case caption ("city", "date of birth") is a caption.
  const first = letters[0] ?? '';
  const lowerStart = first !== first.toUpperCase() && first === first.toLowerCase();
  if (lowerStart && words.length > MAX_LOWERCASE_WORDS) {
    return false;
  }
  // A closing quote or bracket before any opening one: the text began before this piece.
  return !/^[^(“"‘[]*[)”’\]]/u.test(text);
}

/** The label of the field's addendum item: caption, tooltip, then name (see above). */
export function addendumLabel(name: string, info: Pick<FieldInfoDto, 'label' | 'tooltip'>): string {
  for (const text of [info.label, info.tooltip]) {
    const cleaned = text === undefined ? '' : cleanCaption(text).replace(/[\s:]+$/u, '');
    if (cleaned !== '' && isWholeCaption(cleaned)) {
      return cleaned;
    }
  }
  // The field's name, readable; the name itself when nothing readable is left.
  return readableFieldName(name, 'keep') || name;
}
