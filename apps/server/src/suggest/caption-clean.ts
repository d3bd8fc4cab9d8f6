// Printed captions as real forms print them, cleaned before their words are scored: a line
// letter or number in front ("D Enter number of dependents", "1a Full name"), fake-bold text
// whose every letter is drawn twice ("NNaammee"), and a qualifier in brackets ("Address (if
// different from above)", "(optional)") that says when to fill the box, not what goes in it.

/** A line letter or number before the caption's first capitalised word ("I" is a word). */
const LINE_MARKER = /^\s*(?:[A-HJ-Z]|\d{1,2}[a-z]?)[.)]?\s+(?=\p{Lu})/u;

/** Conditions and optionality in brackets, in EN, ES, FR, DE, PT, IT, NL and PL. */
const QUALIFIER =
  /\(\s*(?:if|when|only if|si|sólo si|solo si|wenn|falls|se|qualora|indien|als|jeśli|jezeli|jeżeli|optional|optionnel|facultatif|opcional|facoltativo|optioneel|fakultatywnie|where applicable|le cas échéant|falls zutreffend)\b[^)]*\)/giu;

/** `NNaammee` → `Name`: a word of doubled letters, as fake-bold printing extracts. */
function undouble(word: string): string {
  if (word.length < 4 || word.length % 2 !== 0 || !/^\p{L}+$/u.test(word)) {
    return word;
  }
  for (let i = 0; i < word.length; i += 2) {
    if (word[i] !== word[i + 1]) {
      return word;
    }
  }
  return [...word].filter((_, i) => i % 2 === 0).join('');
}

/** The caption without line marker, doubled glyphs and bracketed qualifiers. */
export function cleanCaption(text: string): string {
  const words = text
    .replace(QUALIFIER, ' ')
    .split(/(\s+)/)
    .map((part) => (/\s/.test(part) ? part : undouble(part)))
    .join('');
  return words.replace(LINE_MARKER, '').replace(/\s+/g, ' ').trim();
}

/** True when the caption carries a condition ("if different from above"): weaker evidence. */
export function hasQualifier(text: string): boolean {
  QUALIFIER.lastIndex = 0;
  const found = QUALIFIER.test(text);
  QUALIFIER.lastIndex = 0;
  return found;
}
