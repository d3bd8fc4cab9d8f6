// Turning the text of a PDF field name, tooltip or printed label, or of a table field name, into
// comparable words. Both sides go through the same steps, so whatever a step does to one side it
// does to the other: accents fold (é → e, also й → и, consistently), case folds, camelCase and
// letter/digit runs split, elided articles drop (l'employeur → employeur), and light stemming
// folds plurals. Digits are kept apart: they number rows and pages, they rarely name anything.

/** Words that carry no meaning on their own, in the languages of the corpus (EN FR ES DE PT IT NL UK RU). */
const STOPWORDS = new Set(
  [
    // English
    'a an the of and or to for on in at by with from as is are was were be been this that these',
    'those it its your you yours my our their his her if please enter here see instructions',
    'applicable specify check only all any etc eg ie also does do did have has had will would',
    'can could should must may which who whom how when where about',
    // French
    'le la les l de du des d et ou au aux en pour par sur un une votre vos son sa ses ce cet',
    'cette dans avec que qui est sont',
    // Spanish
    'el los las del y o para por una su sus con al lo',
    // German
    'der die das dem den und oder fur von zu im ihr ihre',
    // Ukrainian
    'і й та або в у на до',
    // Portuguese, Italian, Dutch, Russian
    'da dos das em com ao di della delle dei il nel het een van met и или для',
  ]
    .join(' ')
    .split(' '),
);

// Apostrophes and the like, inside words or as French elision.
const APOSTROPHES = /['’`ʼ´]/gu;
// French elided articles and pronouns before an apostrophe: l'adresse, d'impôt, n'est, qu'il.
const ELISION = /\b(?:[ldnsjmtc]|qu)['’`ʼ´](?=\p{L})/giu;

/** Lower case, accents and other marks removed, compatibility forms folded (ﬁ → fi, ² → 2). */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Splits camelCase and letter/digit runs so `firstName1` reads `first Name 1`. */
function splitCase(text: string): string {
  return text
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}{2,})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2');
}

/** Folds English and Romance plurals (`beds` → `bed`, `cities` → `city`, `prénoms` → `prenom`). */
export function stemWord(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= 3) {
    return word;
  }
  if (word.endsWith('ies') && word.length > 4) {
    return `${word.slice(0, -3)}y`;
  }
  if (/(?:xes|sses|ches|shes)$/.test(word)) {
    return word.slice(0, -2);
  }
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) {
    return word.slice(0, -1);
  }
  return word;
}

/**
 * The words of a text in comparable form: folded, split, stemmed, without stopwords. Digit runs
 * are returned as they are (callers decide what a number means); everything that is neither a
 * letter nor a digit separates words.
 */
export function tokenize(text: string): string[] {
  const prepared = splitCase(
    text
      .replace(ELISION, ' ')
      .replace(/\bn\s*[°º]/giu, ' no ')
      .replace(APOSTROPHES, ''),
  );
  const words = foldText(prepared)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !STOPWORDS.has(word));
  return words.map(stemWord);
}

/** True for words that carry no meaning on their own ("of", "de", "und"). */
export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

/** True for a word made of digits only. */
export function isNumberWord(word: string): boolean {
  return /^\p{N}+$/u.test(word);
}
