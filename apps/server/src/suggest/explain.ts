// The evidence behind a suggestion, in words a user can check: which of the field's words (from
// its name and tooltip, or from the text printed next to it) matched which words of the target.
import type { EvidenceKind } from './calibration-levels.ts';
import type { Term } from './lexicon.ts';
import type { FieldProfile, FieldSource, Target, Wording } from './suggest-types.ts';
import type { TermSimilarity } from './term-similarity.ts';
import { wordingScore } from './score.ts';

/** A field word counts as matched evidence from this similarity up. */
const EVIDENCE_MATCH = 0.7;
const MAX_WORDS = 4;

const SOURCE_NAMES: Record<FieldSource['kind'], string> = {
  authored: 'name/tooltip',
  label: 'printed label',
  all: 'name and label',
  candidate: 'printed text nearby',
};

function matchedWords(
  fieldTerms: readonly Term[],
  wording: Wording,
  similarity: TermSimilarity,
): string[] {
  const words: string[] = [];
  for (const term of fieldTerms) {
    if (wording.terms.some((other) => similarity(term, other) >= EVIDENCE_MATCH)) {
      if (!words.includes(term.raw)) {
        words.push(term.raw);
      }
    }
  }
  return words.slice(0, MAX_WORDS);
}

/** Words of a target wording as written (`date of birth` → "dateofbirth" is shown as its concept). */
function targetWords(wording: Wording): string {
  return wording.terms.map((term) => term.raw).join(' ');
}

type Best = { score: number; source: FieldSource; wording: Wording };

/** The source and wording of the field that match the target best. */
function bestEvidence(
  field: FieldProfile,
  target: Target,
  similarity: TermSimilarity,
): Best | null {
  let best: Best | null = null;
  for (const source of field.sources) {
    for (const wording of target.wordings) {
      const score = wordingScore(source.terms, target, wording, similarity) * source.weight;
      if (best === null || score > best.score) {
        best = { score, source, wording };
      }
    }
  }
  return best;
}

/**
 * Where the winning evidence came from, for the confidence levels: the field's name or tooltip
 * (alone or agreeing with the printed label), or text printed near the box.
 */
export function evidenceKindOf(
  field: FieldProfile,
  target: Target,
  similarity: TermSimilarity,
): EvidenceKind {
  const kind = bestEvidence(field, target, similarity)?.source.kind ?? 'authored';
  return kind === 'authored' || kind === 'all' ? 'authored' : 'printed';
}

/**
 * One line of evidence for a scored pair: the source and wording that scored best and the words
 * they share, e.g. `printed label "fecha nacimiento" ~ "Fecha de nacimiento"`.
 */
export function explainPair(
  field: FieldProfile,
  target: Target,
  targetLabel: string,
  similarity: TermSimilarity,
): string {
  const best = bestEvidence(field, target, similarity);
  if (best === null) {
    return `matches "${targetLabel}"`;
  }
  const words = matchedWords(best.source.terms, best.wording, similarity);
  const shown = words.length > 0 ? words.join(' ') : targetWords(best.wording);
  return `${SOURCE_NAMES[best.source.kind]} "${shown}" ~ "${targetLabel}"`;
}
