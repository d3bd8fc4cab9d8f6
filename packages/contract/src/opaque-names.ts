// Field names that say nothing of the box. Authoring tools number their boxes (`Text12`,
// `Formfieldnr6`, `f1_6[0]`, `undefined_3`): such a name is neither a caption to score, a key to
// remember a mapping by, nor a base whose numbered siblings are copies. One rule for the
// suggestion engine's regions and the account's mapping memory, so the two never disagree.

/** The filler words authoring tools put before a box's number, in the languages of the corpus. */
const FILLER =
  'text|texte|texto|testo|tekst|field|formfield(?:nr)?|fill|box|textbox|textfield|campo|champ|feld|pole|veld|check|checkbox|undefined';

/**
 * Up to two filler words (`Text Box 6_13`) or a one- or two-letter code (`f1_6`, `a55`), then
 * numbers. Bounded on purpose: a repeated group of words would backtrack on long names.
 */
const OPAQUE_NAME = new RegExp(
  `^(?:(?:${FILLER})(?:[\\s_.-]*(?:${FILLER}))?|[a-z]{1,2})?[\\s_.-]*\\d+(?:[\\s_.-]*\\d+)*$`,
  'i',
);

/** The box's own name: the last segment of a qualified name, without its array index. */
export function ownNameSegment(name: string): string {
  return (name.split('.').at(-1) ?? name).replace(/\[\d+\]$/, '');
}

/** True when the box's own name is filler and a number (`f1_6[0]`, `Text12`, `12`). */
export function isOpaqueFieldName(name: string): boolean {
  return OPAQUE_NAME.test(ownNameSegment(name));
}
