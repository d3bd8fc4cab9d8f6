// How alike two terms are, from 0 to 1: same concept, related concepts, an abbreviation
// (`emp` → `employeur`, `addr` → `address`), a shared stem (`hospitalized` / `hospitalisation`)
// or a near spelling (character trigrams, for typos and inflections).
import { relatedScore, type Term } from './lexicon.ts';
import { isNumberWord } from './text-normalize.ts';

const ABBREVIATION_SCORE = 0.85;
const STEM_SCORE = 0.8;
const MIN_ABBREVIATION = 3;
const MIN_STEM = 5;
const MIN_TRIGRAM_DICE = 0.75;

function trigrams(word: string): Set<string> {
  const padded = ` ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) {
    grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/** Dice coefficient of the two words' character trigrams (with word-boundary padding). */
export function trigramDice(a: string, b: string): number {
  const ga = trigrams(a);
  const gb = trigrams(b);
  let shared = 0;
  for (const gram of ga) {
    if (gb.has(gram)) {
      shared++;
    }
  }
  return (2 * shared) / (ga.size + gb.size);
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) {
    n++;
  }
  return n;
}

function spellingSimilarity(a: Term, b: Term): number {
  // Words the lexicon knows are what they are: city ≠ county, and "state" is not an
  // abbreviation of "statement". Only spelling-match what the lexicon cannot place.
  if (a.known && b.known) {
    return 0;
  }
  const [short, long] = a.raw.length <= b.raw.length ? [a, b] : [b, a];
  if (!short.known && short.raw.length >= MIN_ABBREVIATION && long.raw.startsWith(short.raw)) {
    return ABBREVIATION_SCORE;
  }
  const prefix = commonPrefix(a.raw, b.raw);
  if (!short.known && prefix >= MIN_STEM && prefix >= 0.75 * short.raw.length) {
    return STEM_SCORE;
  }
  if (short.raw.length >= 4) {
    const dice = trigramDice(a.raw, b.raw);
    if (dice >= MIN_TRIGRAM_DICE) {
      return dice * 0.9;
    }
  }
  return 0;
}

/** Similarity of two terms; pure, so callers may cache it. */
export function termSimilarity(a: Term, b: Term): number {
  if (a.concept === b.concept) {
    return 1;
  }
  if (isNumberWord(a.raw) || isNumberWord(b.raw)) {
    return 0;
  }
  const related = relatedScore(a.concept, b.concept);
  if (related > 0) {
    return related;
  }
  return spellingSimilarity(a, b);
}

export type TermSimilarity = (a: Term, b: Term) => number;

/**
 * A termSimilarity with a per-run cache: forms repeat the same few words hundreds of times.
 * Each distinct word gets a small number once, so a lookup is one integer key.
 */
export function createTermSimilarity(): TermSimilarity {
  const ids = new Map<string, number>();
  const idOfTerm = new WeakMap<Term, number>();
  const idOf = (term: Term): number => {
    let id = idOfTerm.get(term);
    if (id === undefined) {
      const key = `${term.concept}\u0000${term.raw}`;
      id = ids.get(key);
      if (id === undefined) {
        id = ids.size;
        ids.set(key, id);
      }
      idOfTerm.set(term, id);
    }
    return id;
  };
  const cache = new Map<number, number>();
  return (a, b) => {
    const key = idOf(a) * 0x100000 + idOf(b);
    let score = cache.get(key);
    if (score === undefined) {
      score = termSimilarity(a, b);
      cache.set(key, score);
    }
    return score;
  };
}
