// Reading the words of a PDF field's name, tooltip or label: format hints become what they
// describe ("MM/DD/YYYY" is a date, "(HH:MM)" a time), run-together abbreviations split on the
// words the table uses (`adremp` = adr + emp, `datsig` = dat + sig), glued French articles drop
// (`LORGANISM` = l'organisme), and noise goes (numbers, filler like `Text`/`CheckBox`, stray
// one- and two-letter fragments).
import { conceptOfWord, isDistinguishing, isGenericWord, toTerms, type Term } from './lexicon.ts';
import type { Vocabulary } from './suggest-types.ts';
import { isNumberWord, isStopword, tokenize } from './text-normalize.ts';

// Date formats printed as hints: "MM/DD/YYYY", "jj/mm/aaaa", "dd.mm.yyyy", "month/day/year".
const DATE_PART = '(?:mm|dd|jj|yyyy|yy|aaaa|month|day|year|mois|jour|année|annee)';
const DATE_FORMAT_SOURCE = `(?<!\\p{L})${DATE_PART}(?:\\s*[/.\\-]\\s*${DATE_PART}){1,2}(?!\\p{L})`;
const DATE_FORMAT_ALL = new RegExp(DATE_FORMAT_SOURCE, 'giu');
const DATE_FORMAT = new RegExp(DATE_FORMAT_SOURCE, 'iu');
// "(HH:MM)" is a time format, not a month.
const TIME_FORMAT = /(?<!\p{L})hh\s*[:h.]\s*mm(?:\s*[:.]\s*ss)?(?!\p{L})/giu;
// US forms spell the format out: "Enter the 2 digit month, 2 digit day and 4 digit year".
const SPELLED_DATE_FORMAT =
  /\d\s*-?\s*digits?\s+(?:month|day|year)(?:[\s,]+(?:and\s+)?\d\s*-?\s*digits?\s+(?:month|day|year))+/giu;
const MIN_PIECE = 3;

/** True when the text shows a date format ("MM/DD/YYYY", "dd.mm.yyyy"). */
export function hasDateFormat(text: string): boolean {
  return DATE_FORMAT.test(text);
}

function isKnownWord(word: string, vocabulary: Vocabulary): boolean {
  return conceptOfWord(word) !== undefined || vocabulary.words.has(word);
}

/** Splits a run-together word into known pieces, or null when it does not split cleanly. */
function splitCompound(word: string, vocabulary: Vocabulary): string[] | null {
  // Accept a split only when every piece is a lexicon word, a word the targets use or the start
  // of one; a glued stopword ("dateof" = date + of) is allowed and dropped afterwards.
  const isPiece = (piece: string) =>
    (isStopword(piece) && piece.length >= 2) ||
    (piece.length >= MIN_PIECE &&
      (isKnownWord(piece, vocabulary) || vocabulary.prefixes.has(piece)));
  for (let cut = 2; cut <= word.length - 2; cut++) {
    const head = word.slice(0, cut);
    const tail = word.slice(cut);
    if (isPiece(head) && isPiece(tail)) {
      return [head, tail];
    }
  }
  for (let a = MIN_PIECE; a <= word.length - 2 * MIN_PIECE; a++) {
    for (let b = a + MIN_PIECE; b <= word.length - MIN_PIECE; b++) {
      const parts = [word.slice(0, a), word.slice(a, b), word.slice(b)];
      if (parts.every(isPiece)) {
        return parts;
      }
    }
  }
  return null;
}

// Field names often drop the apostrophe of a French article: `LORGANISM` (l'organisme),
// `laudit` (l'audit). Strip the article when the rest is a word the lexicon or table knows.
function stripGluedArticle(word: string, vocabulary: Vocabulary): string | null {
  const rest = word.slice(1);
  if (!/^[ld]/.test(word) || rest.length < 4) {
    return null;
  }
  const isKnown =
    isKnownWord(rest, vocabulary) || (rest.length >= 5 && vocabulary.prefixes.has(rest));
  return isKnown ? rest : null;
}

function expandWords(words: readonly string[], vocabulary: Vocabulary): string[] {
  const out: string[] = [];
  for (const word of words) {
    if (word.length < 5 || !/^[a-z]+$/.test(word) || isKnownWord(word, vocabulary)) {
      out.push(word);
      continue;
    }
    const article = stripGluedArticle(word, vocabulary);
    const parts = article ? [article] : word.length >= 6 ? splitCompound(word, vocabulary) : null;
    out.push(...(parts ?? [word]).filter((part) => !isStopword(part)));
  }
  return out;
}

/**
 * Terms of one text, without noise: numbers, tool filler words (when `dropGeneric`), and one- or
 * two-letter fragments nobody would recognise (`c1`, `GF`), unless the lexicon or the table knows
 * them (`ER`, `ID`, `MI`).
 */
export function meaningfulTerms(
  text: string,
  vocabulary: Vocabulary,
  dropGeneric: boolean,
): Term[] {
  const prepared = text
    .replace(TIME_FORMAT, ' time ')
    .replace(SPELLED_DATE_FORMAT, ' date ')
    .replace(DATE_FORMAT_ALL, ' date ');
  return toTerms(expandWords(tokenize(prepared), vocabulary)).filter(
    (term) =>
      !isNumberWord(term.raw) &&
      !(dropGeneric && isGenericWord(term.raw)) &&
      (term.known || term.raw.length > 2 || vocabulary.words.has(term.raw)),
  );
}

/** Single words joined by slashes: "hospital/clinic", "BIC/SWIFT", "Recommendations/ Remarks". */
const ALTERNATIVES = /\p{L}[\p{L}'’-]*(?:\s*\/\s*\p{L}[\p{L}'’-]*)+/gu;

/**
 * Terms of a printed caption in which words joined by slashes are alternatives ("Name of
 * hospital/clinic", "Recommendations/ Remarks/ Restrictions"): together they weigh as one word,
 * so a target naming one of them is not diluted by the others as if each were a word of its
 * own. Synonyms or one phrase ("City/Town", "BIC/SWIFT") are read as written; a word that makes
 * the box someone else's ("Spouse/Partner") keeps its weight; date formats ("MM/DD/YYYY") are
 * read first. "PLZ/Wohnort" read as alternatives is no worse off: the ratio of an all-slash
 * caption is unchanged (elaborating each alternative instead turned such boxes into wrong
 * suggestions, see docs/decisions.md).
 */
export function captionTerms(text: string, vocabulary: Vocabulary, dropGeneric: boolean): Term[] {
  const prepared = text
    .replace(TIME_FORMAT, ' time ')
    .replace(SPELLED_DATE_FORMAT, ' date ')
    .replace(DATE_FORMAT_ALL, ' date ');
  const terms: Term[] = [];
  let at = 0;
  for (const match of prepared.matchAll(ALTERNATIVES)) {
    const start = match.index ?? 0;
    terms.push(...meaningfulTerms(prepared.slice(at, start), vocabulary, dropGeneric));
    const alternatives = match[0].split('/');
    const whole = meaningfulTerms(alternatives.join(' '), vocabulary, dropGeneric);
    // Synonyms or one phrase ("City/Town", "BIC/SWIFT") say one thing: read them as written.
    if (new Set(whole.map((term) => term.concept)).size <= 1) {
      terms.push(...whole);
      at = start + match[0].length;
      continue;
    }
    for (const alternative of alternatives) {
      for (const term of meaningfulTerms(alternative, vocabulary, dropGeneric)) {
        const weight = term.weight / alternatives.length;
        terms.push(isDistinguishing(term.concept) ? term : { ...term, weight });
      }
    }
    at = start + match[0].length;
  }
  terms.push(...meaningfulTerms(prepared.slice(at), vocabulary, dropGeneric));
  return terms;
}

/**
 * A name none of whose words the lexicon or the table knows (`LTC 6a`, `X.minus1`) is a code:
 * it identifies the box but says nothing about its content.
 */
export function isOpaque(terms: readonly Term[], vocabulary: Vocabulary): boolean {
  return !terms.some(
    (term) => term.known || vocabulary.words.has(term.raw) || vocabulary.prefixes.has(term.raw),
  );
}

/** True when some term is a word the lexicon or the table knows. */
export function hasKnownTerm(terms: readonly Term[], vocabulary: Vocabulary): boolean {
  return terms.some((term) => term.known || vocabulary.words.has(term.raw));
}
