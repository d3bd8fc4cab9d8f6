// Reading words as concepts: "Date of Birth", "DOB", "birthdate" and "Geburtsdatum" all become
// the concept birth_date, so the comparison downstream is between meanings, not spellings.
import {
  CONCEPT_MIN_LENGTH,
  CONCEPT_VARIANTS,
  DISTINGUISHING_CONCEPTS,
  GENERIC_WORDS,
  RELATED_CONCEPTS,
  WEAK_WEIGHTS,
} from './lexicon-data.ts';
import { tokenize } from './text-normalize.ts';

/**
 * One unit of meaning: the word(s) as written (`raw`) and the concept they stand for. Terms of
 * a PDF field marked `isElaboration` come from a tooltip or label that elaborates on the name:
 * they can confirm a target but do not count against one.
 */
export type Term = {
  raw: string;
  concept: string;
  weight: number;
  known: boolean;
  isElaboration?: boolean;
};

/** Every (concept, variant) pair of the lexicon, in table order. */
export function listVariants(): [string, string][] {
  return Object.entries(CONCEPT_VARIANTS).flatMap(([concept, groups]) =>
    groups.flatMap((group) =>
      group.split('|').map((variant): [string, string] => [concept, variant]),
    ),
  );
}

// Built once: normalised variant phrase → concept.
const PHRASES = new Map<string, string>();
let longestPhrase = 1;
for (const [concept, variant] of listVariants()) {
  const words = tokenize(variant);
  const key = words.join(' ');
  // The first concept to claim a phrase keeps it; lexicon tests check there are no clashes.
  if (key !== '' && !PHRASES.has(key)) {
    PHRASES.set(key, concept);
    longestPhrase = Math.max(longestPhrase, words.length);
  }
}

const RELATED = new Map<string, number>();
for (const [a, b, score] of RELATED_CONCEPTS) {
  RELATED.set(`${a}|${b}`, score);
  RELATED.set(`${b}|${a}`, score);
}

/** Every (normalised variant, concept) pair, for tests and diagnostics. */
export function listPhrases(): ReadonlyMap<string, string> {
  return PHRASES;
}

/** The concept a single normalised word stands for, if the lexicon knows it. */
export function conceptOfWord(word: string): string | undefined {
  return PHRASES.get(word);
}

/** How much a match on this concept counts (1 for most words). */
export function weightOf(concept: string): number {
  return WEAK_WEIGHTS[concept] ?? 1;
}

/** Partial credit between two different concepts (a street is part of an address), else 0. */
export function relatedScore(a: string, b: string): number {
  return RELATED.get(`${a}|${b}`) ?? 0;
}

/** True for the filler words authoring tools put in field names (Text, CheckBox, Page, Row…). */
export function isGenericWord(word: string): boolean {
  return GENERIC_WORDS.has(word);
}

/** True for words that make a box about someone else ("previous", "spouse", "mailing"). */
export function isDistinguishing(concept: string): boolean {
  return DISTINGUISHING_CONCEPTS.has(concept);
}

/** The shortest value length a concept takes (SSN 9, phone 7…), or 0 when anything fits. */
export function minLengthOf(concept: string): number {
  return CONCEPT_MIN_LENGTH[concept] ?? 0;
}

function makeTerm(raw: string, concept: string | undefined): Term {
  const key = concept ?? raw;
  return { raw, concept: key, weight: weightOf(key), known: concept !== undefined };
}

/**
 * Groups normalised words into terms, longest lexicon phrase first ("date of birth" is one term,
 * birth_date, not three). Words the lexicon does not know stay terms of their own.
 */
export function toTerms(words: readonly string[]): Term[] {
  const terms: Term[] = [];
  let i = 0;
  while (i < words.length) {
    let matched = false;
    for (let size = Math.min(longestPhrase, words.length - i); size >= 1; size--) {
      const slice = words.slice(i, i + size);
      const concept = PHRASES.get(slice.join(' '));
      if (concept !== undefined) {
        terms.push(makeTerm(slice.join(''), concept));
        i += size;
        matched = true;
        break;
      }
    }
    if (!matched) {
      const word = words[i] ?? '';
      terms.push(makeTerm(word, undefined));
      i += 1;
    }
  }
  return terms;
}

/** Terms of a text: tokenised, then grouped into concepts. */
export function termsOf(text: string): Term[] {
  return toTerms(tokenize(text));
}
