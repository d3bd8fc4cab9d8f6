// The structure of PDF field names. Authoring tools nest them
// (`topmostSubform[0].Page1[0].f1_02[0]`) and number them (`Text1`, `Nombre_pdp1…4`). The last
// segment is the field's own name; when it is generic, a parent segment that holds this field
// alone (`RoutingNo[0].f2_18[0]`) names it; parents that group several fields (`Dependents[0]`,
// `Address[0]`) are context. Numbered names on one page form blocks of rows.
import { hasKnownTerm, meaningfulTerms } from './field-words.ts';
import type { Term } from './lexicon.ts';
import type { FieldProfile, Vocabulary } from './suggest-types.ts';
import { isNumberWord, tokenize } from './text-normalize.ts';

const PAGE_MARKER = /^(?:p|pg|page)$/;

/** Splits a qualified name into segments without array indices (`Row1[0]` → `Row1`). */
export function nameSegments(name: string): string[] {
  return name
    .split('.')
    .map((segment) => segment.replace(/\[\d*\]/g, '').replace(/^#/, ''))
    .filter((segment) => segment.trim() !== '');
}

/** How many fields sit directly under each parent path (`a.b.c` → `a.b`). */
export function countFieldsPerParent(names: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of names) {
    const at = name.lastIndexOf('.');
    if (at > 0) {
      const parent = name.slice(0, at);
      counts.set(parent, (counts.get(parent) ?? 0) + 1);
    }
  }
  return counts;
}

/** The last segment without page markers (`surface p2` → `surface`): same on every page. */
function repeatKeyOf(segment: string): string {
  const words = tokenize(segment);
  const kept = words.filter(
    (word, i) =>
      !(PAGE_MARKER.test(word) && isNumberWord(words[i + 1] ?? '')) &&
      !(isNumberWord(word) && PAGE_MARKER.test(words[i - 1] ?? '')),
  );
  return kept.join(' ');
}

export type NameParts = {
  /** The field's own words (last segment, or its own parent when the last is filler). */
  own: Term[];
  /** True when `own` comes from the parent segment. */
  isFromParent: boolean;
  /** Words of the groups the field sits in. */
  context: Term[];
  repeatKey: string;
};

/** Reads a qualified field name into its own words, its groups' words and its repeat key. */
export function readName(
  name: string,
  fieldsPerParent: ReadonlyMap<string, number>,
  vocabulary: Vocabulary,
): NameParts {
  const segments = nameSegments(name);
  const last = segments.at(-1) ?? name;
  const parents = segments.slice(0, -1);
  let own = meaningfulTerms(last, vocabulary, true);
  let isFromParent = false;
  const context: Term[] = [];
  const parentPath = name.slice(0, Math.max(0, name.lastIndexOf('.')));
  parents.forEach((segment, i) => {
    const terms = meaningfulTerms(segment, vocabulary, true);
    const isOwnParent = i === parents.length - 1 && (fieldsPerParent.get(parentPath) ?? 0) === 1;
    if (own.length === 0 && isOwnParent) {
      own = terms;
      isFromParent = true;
    } else {
      context.push(...terms);
    }
  });
  return { own, isFromParent, context, repeatKey: repeatKeyOf(last) };
}

/** Concepts of an address's lines: `Address 1` / `Address 2` are one address on two lines. */
const ADDRESS_LINE_CONCEPTS = new Set(['address', 'street']);
/** At most this many numbered address boxes are lines of one address; more are a list. */
const MAX_ADDRESS_LINES = 3;
/** Row words in the languages of the lexicon: `AdresseRow1` is a row, whatever it holds. */
const ROW_WORD = /row|zeile|ligne|fila|linha|riga|rij|wiersz/i;

/** The number in the name belongs to a lexicon phrase (`Address 2` is address line 2). */
function isNumberInConcept(terms: readonly Term[]): boolean {
  return terms.some((term) => term.known && /\d/.test(term.raw));
}

/** Every word of the name is an address word (`Adres1`, `Address 1 Text Box`). */
function isAddressLine(terms: readonly Term[], name: string): boolean {
  return (
    terms.length > 0 &&
    terms.every((term) => ADDRESS_LINE_CONCEPTS.has(term.concept)) &&
    !ROW_WORD.test(name)
  );
}

/**
 * Marks rows of repeated blocks: fields of one page and type whose names differ only by a number
 * (`Cedula_pdp1` … `Cedula_pdp4`). A block needs a word that means something: `Text1`, `S1 GF 5`
 * or `LTC 2` are numbered filler, not rows. Two or three numbered address boxes (`Address 1` /
 * `Address 2`, `Adres1` / `Adres2`) are the lines of one address: the first is the record's own
 * line, not the first of many; the later lines still take no table field their words do not
 * name, and a line whose number is part of a concept (`Address 2` = address line 2) is no row.
 */
export function markRows(profiles: readonly FieldProfile[], vocabulary: Vocabulary): void {
  const blocks = new Map<string, { profile: FieldProfile; index: number }[]>();
  const addressBlocks = new Set<string>();
  for (const profile of profiles) {
    const last = nameSegments(profile.name).at(-1) ?? profile.name;
    const numbers = last.match(/\d+/g);
    const terms = meaningfulTerms(last, vocabulary, true);
    if (!numbers || !hasKnownTerm(terms, vocabulary) || isNumberInConcept(terms)) {
      continue;
    }
    const shape = last
      .toLowerCase()
      .replace(/\d+/g, '#')
      .replace(/[\s_.-]+/g, '');
    const key = `${profile.page}|${profile.pdfType}|${shape}`;
    const block = blocks.get(key) ?? [];
    block.push({ profile, index: Number(numbers.at(-1)) });
    blocks.set(key, block);
    if (isAddressLine(terms, last)) {
      addressBlocks.add(key);
    }
  }
  for (const [key, block] of blocks) {
    if (block.length < 2) {
      continue;
    }
    const isOneAddress = addressBlocks.has(key) && block.length <= MAX_ADDRESS_LINES;
    const first = Math.min(...block.map((item) => item.index));
    for (const item of block) {
      item.profile.row = item.index !== first ? 'later' : isOneAddress ? null : 'first';
    }
  }
}
