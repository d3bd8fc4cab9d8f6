// Boxes whose names are another box's name plus a word or two. A form that names one set of
// boxes `num_VoieAdresseAcheteur` and another `num_VoieAdresse`, or `Télépilote 1_Prénom` and
// `Prénom`, says by the extra word whose the named set is — and so that the bare set is someone
// else's. Read from the fields' own names only, never from captions or headings: those are what
// stop 46's block-title rules read, and they cost right suggestions on unseen forms.
import type { Target } from './suggest-types.ts';
import { foldText, isNumberWord, tokenize } from './text-normalize.ts';

/**
 * Two sides of one transaction (buyer and seller, landlord and tenant…), in the languages of
 * parties.ts: a record can be either, so a box set marked with one of them says only that the
 * bare set is the other side's, not which side the record is. Folded, as tokenize returns them.
 */
const COUNTERPARTY_ROLES = new Set(
  [
    'buyer purchaser seller vendor acheteur acquereur vendeur cedant cessionnaire comprador',
    'vendedor kaufer verkaufer acquirente venditore koper verkoper kupujacy sprzedajacy',
    'landlord tenant lessor lessee bailleur locataire arrendador arrendatario vermieter mieter',
    'locatore conduttore verhuurder huurder wynajmujacy najemca',
    'assignor assignee transferor transferee cedente cesionario',
  ].flatMap((line) => line.split(' ').map((word) => tokenize(foldText(word))[0] ?? word)),
);

/** The words of a field's own name: last part, no instance index, no numbers. */
export function nameWords(name: string): string[] {
  const last = (name.split('.').at(-1) ?? name).replace(/\[\d+\]$/, '');
  return tokenize(last).filter((word) => !isNumberWord(word));
}

/**
 * `bare`: the sibling's name is this box's plus `extra`, one or two words in a row; `marked`:
 * this box's name is the sibling's plus `extra`.
 */
export type NameSibling = {
  extra: readonly string[];
  isSamePage: boolean;
  side: 'bare' | 'marked';
};

/** How many words a sibling's name may add. */
const MAX_EXTRA_WORDS = 2;

/**
 * For each field, the siblings whose names are its name plus one or two words in a row. A name
 * of a single word is a sibling's base too (`Prénom` for `Télépilote 1_Prénom`).
 */
export function nameSiblings(
  fields: readonly { name: string; page: number }[],
): Map<string, NameSibling[]> {
  const byWords = new Map<string, { name: string; page: number }[]>();
  const wordsOf = new Map<string, string[]>();
  for (const field of fields) {
    const words = nameWords(field.name);
    wordsOf.set(field.name, words);
    if (words.length > 0) {
      const key = words.join(' ');
      byWords.set(key, [...(byWords.get(key) ?? []), field]);
    }
  }
  const siblings = new Map<string, NameSibling[]>();
  for (const field of fields) {
    const words = wordsOf.get(field.name) ?? [];
    for (let size = 1; size <= MAX_EXTRA_WORDS && size < words.length; size++) {
      for (let start = 0; start + size <= words.length; start++) {
        const rest = [...words.slice(0, start), ...words.slice(start + size)].join(' ');
        const extra = words.slice(start, start + size);
        for (const base of byWords.get(rest) ?? []) {
          const isSamePage = base.page === field.page;
          const bare: NameSibling = { extra, isSamePage, side: 'bare' };
          const marked: NameSibling = { extra, isSamePage, side: 'marked' };
          siblings.set(base.name, [...(siblings.get(base.name) ?? []), bare]);
          siblings.set(field.name, [...(siblings.get(field.name) ?? []), marked]);
        }
      }
    }
  }
  return siblings;
}

function targetWords(target: Target): Set<string> {
  return new Set(
    [...target.wordings.flatMap((wording) => wording.terms), ...target.context].map((t) => t.raw),
  );
}

/**
 * A box with a sibling on its page marked with one side of a transaction (`…Acheteur` beside
 * it), or the marked box itself: the two sets are the two sides, and the record may be either
 * side, so neither set is surely the record's. Not for a target that names a side itself (a
 * table of sellers, `Seller name`): that says whose it is.
 */
export function isCounterpartUncertain(siblings: readonly NameSibling[], target: Target): boolean {
  const roles = siblings
    .filter((sibling) => sibling.isSamePage)
    .flatMap((sibling) => sibling.extra.filter((word) => COUNTERPARTY_ROLES.has(word)));
  if (roles.length === 0) {
    return false;
  }
  const words = targetWords(target);
  return ![...words].some((word) => COUNTERPARTY_ROLES.has(word));
}

/**
 * A linked table's target on a box that does not name the link, while another box's name is
 * this one's plus the link's name (`Prénom` and `Télépilote 1_Prénom` for Télépilote.Prénom):
 * the form says where the linked person's data go, and this box is someone else's.
 */
export function isLinkNamedOnSibling(siblings: readonly NameSibling[], target: Target): boolean {
  if (!target.needsContext) {
    return false;
  }
  const linkWords = new Set(target.context.map((term) => term.raw));
  return siblings.some(
    (sibling) =>
      sibling.side === 'bare' &&
      (sibling.extra.every((word) => linkWords.has(word)) || linkWords.has(sibling.extra.join(''))),
  );
}
