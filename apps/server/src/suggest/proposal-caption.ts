import { columnNameOf } from '@formbridge/contract/table-proposal';
import { readLabelCandidate, type FieldInfoDto } from '@formbridge/contract/templates';
import { isGenericWord, termsOf } from './lexicon.ts';
import { readableFieldName } from './readable-name.ts';
import { termSimilarity } from './term-similarity.ts';
import { foldText, isNumberWord, isStopword } from './text-normalize.ts';

// The caption a proposed column is named after. The layout finder's caption is a guess from
// geometry; on forms whose authors named their fields in words ("Gender", "Date Hired") it can be
// a neighbour's caption or a line of example text. When the field's name is readable and the
// caption shares no word or meaning with it, the name is the better caption.

// Words of at least this many letters count towards a readable name.
const MIN_WORD = 3;
// A term this similar to one of the caption's agrees with it (same concept, plural, spelling).
const AGREES = 0.8;

/** Words that say what the field holds: not numbers, filler ("text", "field") or stopwords. */
function contentTerms(text: string) {
  return termsOf(text).filter(
    (term) => !isNumberWord(term.raw) && !isGenericWord(term.raw) && !isStopword(term.raw),
  );
}

/**
 * A name reads as a description when the lexicon knows one of its words ("DOB", "Gender") or it
 * has two or more words of three letters or more ("What Harmed Employee"); `f1_6`, `Text12`
 * and `Check Box3` do not.
 */
function isReadable(name: string): boolean {
  const terms = contentTerms(name);
  return (
    terms.some((term) => term.known) ||
    terms.filter((term) => term.raw.length >= MIN_WORD).length >= 2
  );
}

/** The caption shares a word or a meaning with the name ("Date of birth" and "DOB" do). */
function agrees(caption: string, name: string): boolean {
  const captionTerms = contentTerms(caption);
  const folded = ` ${foldText(caption)} `;
  return contentTerms(name).some(
    (term) =>
      (term.raw.length >= MIN_WORD && folded.includes(term.raw)) ||
      captionTerms.some((other) => termSimilarity(term, other) >= AGREES),
  );
}

/**
 * The field's printed caption, best first: its label, the layout finder's candidates, tooltip;
 * the readable name instead when the caption disagrees with it; the name when nothing is printed.
 */
export function captionOf(name: string, info: FieldInfoDto): string {
  const candidates = (info.label_candidates ?? []).map((item) => readLabelCandidate(item).text);
  const printed = [info.label, ...candidates, info.tooltip].find(
    (text) => text !== undefined && columnNameOf(text) !== '',
  );
  const readable = readableFieldName(name, 'drop');
  if (printed !== undefined) {
    // A stray combining mark before the first letter (`̀ZIP`) is an extraction artefact.
    const caption = printed
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\p{M}+/u, '')
      .slice(0, 120);
    return isReadable(readable) && !agrees(caption, readable) ? readable : caption;
  }
  const segment = name.split('.').at(-1) ?? name;
  return readable === '' ? segment : readable;
}
