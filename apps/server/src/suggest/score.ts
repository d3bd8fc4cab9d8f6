// Scoring one PDF field against one target.
//
// For each way the field describes itself (authored name and tooltip, printed label, both) and
// each wording of the target, two coverages are measured on weighted terms:
//   coverage of the target — how much of "Date of Birth" the field's words account for;
//   coverage of the field — how much of "Applicant DOB" the target (or its table/link) explains.
// A target fully named by the field is the strong signal; words of the field left unexplained
// ("Foreign postal code" vs "ZIP") lower the score. Strict wordings (universal values, a link
// named alone) must explain the whole field: "Date" is today's date, "Date of injury" is not.
import { UNIVERSAL_PREFIX } from '@formbridge/contract/mapping-keys';
import { isDistinguishing, type Term } from './lexicon.ts';
import type { FieldProfile, FieldSource, Target, Wording } from './suggest-types.ts';
import type { TermSimilarity } from './term-similarity.ts';
import { isCounterpartUncertain, isLinkNamedOnSibling } from './name-siblings.ts';
import { hasOpaqueName, isOtherPartysBox } from './regions.ts';
import { typeFactor } from './type-compat.ts';

/** A link the field never mentions costs this factor (two linked tables both have "City"). */
const UNMENTIONED_LINK_FACTOR = 0.85;
/** The first row of a repeated block may be the record's own line, or just the first of many. */
const FIRST_ROW_FACTOR = 0.85;
const CONTEXT_MATCH = 0.8;
/**
 * A box in another party's block (preparer, employer, agent, office use…) rarely takes the
 * record's own data; today's date and the like stay as they are.
 */
const OTHER_PARTY_FACTOR = 0.55;
/** The same when only the section heading names the party. */
const OTHER_PARTY_SECTION_FACTOR = 0.8;
/**
 * A box whose same-page sibling is marked with one side of a transaction (`num_VoieAdresse`
 * beside `num_VoieAdresseAcheteur`), or that does not name a link another box's name adds
 * (`Prénom` beside `Télépilote 1_Prénom`): it may be someone else's. Below Apply All's raw 0.85
 * even from a perfect match, not barred: the form's names are the only evidence.
 */
const NAME_SIBLING_FACTOR = 0.8;
/** Universal parts of today's date, which a numbered series of boxes never all takes. */
const DATE_PART_KEYS = new Set(
  ['current_day', 'current_month', 'current_year'].map((key) => `${UNIVERSAL_PREFIX}${key}`),
);
/** Today's date, its parts and the time now: never a date or hour of the request itself. */
const TODAY_KEYS = new Set(
  [
    'current_date',
    'current_datetime',
    'current_time',
    'current_day',
    'current_month',
    'current_year',
  ].map((key) => `${UNIVERSAL_PREFIX}${key}`),
);
/** Sources blend as mostly the best one, partly their mean. */
const BEST_SOURCE_SHARE = 0.6;
/** Share of an unexplained elaborating word's weight that still counts against a target. */
const UNEXPLAINED_ELABORATION = 0.25;
/** Coverage of the field sets this share of a (non-strict) score; coverage of the target the rest. */
const FIELD_COVERAGE_SHARE = 0.45;
/** The name names another table target than the printed text does (see scoreField). */
const NAME_DISAGREES_FACTOR = 0.85;
/** "Foreign postal code" for ZIP: an unexplained qualifier right before the matched word. */
const UNEXPLAINED_QUALIFIER_FACTOR = 0.6;
/** A qualifier the target explains less than this is unexplained ("Spouse" by "Spouse SSN" is). */
const QUALIFIER_EXPLAINED = 0.5;
/** The word after the qualifier matches the target at least this well ("postal code" ~ ZIP). */
const QUALIFIED_MATCH = 0.8;

/** Distinct wordings a run can tell apart in one memo key (a 1,000-column table has ~3,000). */
const WORDING_IDS = 2 ** 21;

type WordingMemo = {
  idOfTerms: (terms: readonly Term[]) => number;
  idOfWording: (wording: Wording) => number;
  scores: Map<number, number>;
  /** Best wording score of each word list (by its id) against a target. */
  byTarget: WeakMap<Target, number[]>;
};

const memos = new WeakMap<TermSimilarity, WordingMemo>();

const termKey = (t: Term) =>
  `${t.concept}\u0001${t.raw}\u0001${t.weight}\u0001${t.known ? 1 : 0}${t.isElaboration ? 1 : 0}`;

/** Ids by content: two lists of the same words are one id, however often they were built. */
function contentIds<T extends object>(keyOf: (value: T) => string): (value: T) => number {
  const byObject = new WeakMap<T, number>();
  const byKey = new Map<string, number>();
  return (value) => {
    let id = byObject.get(value);
    if (id === undefined) {
      const key = keyOf(value);
      id = byKey.get(key) ?? byKey.size;
      byKey.set(key, id);
      byObject.set(value, id);
    }
    return id;
  };
}

function memoOf(similarity: TermSimilarity): WordingMemo {
  let memo = memos.get(similarity);
  if (memo === undefined) {
    const terms = (list: readonly Term[]) => list.map(termKey).join('\u0002');
    memo = {
      idOfTerms: contentIds<readonly Term[]>(terms),
      idOfWording: contentIds<Wording>(
        (w) => `${terms(w.terms)}\u0003${terms(w.explainers)}\u0003${w.isStrict ? 1 : 0}`,
      ),
      scores: new Map(),
      byTarget: new WeakMap(),
    };
    memos.set(similarity, memo);
  }
  return memo;
}

function bestMatch(term: Term, among: readonly Term[], similarity: TermSimilarity): number {
  let best = 0;
  for (const other of among) {
    const score = similarity(term, other);
    if (score > best) {
      best = score;
      if (best === 1) {
        break;
      }
    }
  }
  return best;
}

function coverTarget(
  targetTerms: readonly Term[],
  fieldTerms: readonly Term[],
  similarity: TermSimilarity,
): number {
  let total = 0;
  let matched = 0;
  for (const term of targetTerms) {
    total += term.weight;
    matched += term.weight * bestMatch(term, fieldTerms, similarity);
  }
  return total === 0 ? 0 : matched / total;
}

function coverField(
  fieldTerms: readonly Term[],
  explainers: readonly Term[],
  similarity: TermSimilarity,
): number {
  let total = 0;
  let matched = 0;
  for (const term of fieldTerms) {
    const match = term.weight * bestMatch(term, explainers, similarity);
    // Elaborating words left unexplained count little: a long tooltip full of instructions
    // ("You will be making a selection…") must not drown a name that says "State".
    const isElaboration = term.isElaboration === true;
    total += isElaboration ? Math.max(match, term.weight * UNEXPLAINED_ELABORATION) : term.weight;
    matched += match;
  }
  return total === 0 ? 0 : matched / total;
}

/** Score of one field wording against one target wording, in [0, 1]. */
export function matchWording(
  fieldTerms: readonly Term[],
  wording: Wording,
  similarity: TermSimilarity,
): number {
  // Long forms and wide tables repeat the same captions and the same words: a pair of word
  // lists is scored once per run (the memo lives as long as the run's similarity function).
  const memo = memoOf(similarity);
  const key = memo.idOfTerms(fieldTerms) * WORDING_IDS + memo.idOfWording(wording);
  let score = memo.scores.get(key);
  if (score === undefined) {
    score = scoreWording(fieldTerms, wording, similarity);
    memo.scores.set(key, score);
  }
  return score;
}

function scoreWording(
  fieldTerms: readonly Term[],
  wording: Wording,
  similarity: TermSimilarity,
): number {
  const target = coverTarget(wording.terms, fieldTerms, similarity);
  if (target === 0) {
    return 0;
  }
  const field = coverField(fieldTerms, wording.explainers, similarity);
  const score = wording.isStrict
    ? target * field
    : target * (1 - FIELD_COVERAGE_SHARE + FIELD_COVERAGE_SHARE * field);
  return score * qualifierFactor(fieldTerms, wording, similarity);
}

/**
 * A word that makes the box about someone or something else ("foreign", "spouse", "previous"),
 * printed right before a word the target matches and not explained by the target: "Foreign
 * postal code" is not the ZIP. Further off ("…ZIP code. If you have a foreign address…") it
 * qualifies something else and costs only its share of the field's words.
 */
function qualifierFactor(
  fieldTerms: readonly Term[],
  wording: Wording,
  similarity: TermSimilarity,
): number {
  let factor = 1;
  fieldTerms.forEach((term, i) => {
    const next = fieldTerms[i + 1];
    if (
      next !== undefined &&
      isDistinguishing(term.concept) &&
      bestMatch(term, wording.explainers, similarity) < QUALIFIER_EXPLAINED &&
      bestMatch(next, wording.terms, similarity) >= QUALIFIED_MATCH
    ) {
      factor *= UNEXPLAINED_QUALIFIER_FACTOR;
    }
  });
  return factor;
}

/**
 * Score of one field wording against one wording of `target`. Today's day, month or year must be
 * named in full ("date jour"): a bare "día" or "Month" is part of some other date, and only its
 * closeness to "date" would otherwise earn it part of a match.
 */
export function wordingScore(
  fieldTerms: readonly Term[],
  target: Target,
  wording: Wording,
  similarity: TermSimilarity,
): number {
  if (
    DATE_PART_KEYS.has(target.key) &&
    coverTarget(wording.terms, fieldTerms, similarity) < 1 - 1e-9
  ) {
    return 0;
  }
  return matchWording(fieldTerms, wording, similarity);
}

// A 925-field form against a 925-column table scores ~176,000 pairs, each over several sources
// and wordings, but its fields repeat the same few word lists: a list meets a target once a run.
function termsScore(terms: readonly Term[], target: Target, similarity: TermSimilarity): number {
  const memo = memoOf(similarity);
  let scores = memo.byTarget.get(target);
  if (scores === undefined) {
    scores = [];
    memo.byTarget.set(target, scores);
  }
  // Small integer ids index an array: far cheaper than a Map keyed by large numbers.
  const id = memo.idOfTerms(terms);
  let best = scores[id];
  if (best === undefined) {
    best = 0;
    for (const wording of target.wordings) {
      best = Math.max(best, wordingScore(terms, target, wording, similarity));
    }
    scores[id] = best;
  }
  return best;
}

function sourceScore(source: FieldSource, target: Target, similarity: TermSimilarity): number {
  return termsScore(source.terms, target, similarity) * source.weight;
}

/**
 * Universal values ("Date", "Day", "Year") are short words that printed text near a box says
 * about something else ("Date hired" with "Month" printed under it): when the field has an
 * authored name or tooltip, only those may call for one.
 */
function authoredFirst(sources: readonly FieldSource[]): readonly FieldSource[] {
  const authored = sources.filter((source) => source.kind === 'authored');
  return authored.length > 0 ? authored : sources;
}

function mentionsContext(field: FieldProfile, target: Target, similarity: TermSimilarity): boolean {
  return target.context.some(
    (term) =>
      bestMatch(term, field.context, similarity) >= CONTEXT_MATCH ||
      field.sources.some((source) => bestMatch(term, source.terms, similarity) >= CONTEXT_MATCH),
  );
}

/** Some of these parties are not the target's. */
function hasOtherParty(parties: ReadonlySet<string>, target: Target): boolean {
  for (const party of parties) {
    if (!target.parties.has(party)) {
      return true;
    }
  }
  return false;
}

/** Who a person is: what the record's own data must never put into another party's block. */
const IDENTITY_CONCEPTS = new Set([
  'given_name',
  'family_name',
  'middle_name',
  'middle_initial',
  'full_name',
  'name',
  'maiden_name',
  'birth_date',
  'birth_place',
  'ssn',
  'tin',
  'zip',
  'phone',
  'email',
  'address',
  'street',
  'city',
  'house_number',
  'apartment',
  'passport',
  'id_card',
  'drivers_license',
  'id',
]);

const PERSON_NAME_CONCEPTS = new Set([
  'given_name',
  'family_name',
  'middle_name',
  'middle_initial',
  'full_name',
  'name',
  'maiden_name',
]);

/** Every wording of the target is a person's name or part of one. */
function isPersonName(target: Target): boolean {
  return target.wordings.every(
    (wording) =>
      wording.terms.length > 0 &&
      wording.terms.every((term) => PERSON_NAME_CONCEPTS.has(term.concept)),
  );
}

/** The target is one of the record's own identity fields (not a party's, not a universal). */
export function isRecordIdentity(target: Target): boolean {
  return (
    !target.reusable &&
    target.parties.size === 0 &&
    target.wordings.some((wording) => wording.terms.some((t) => IDENTITY_CONCEPTS.has(t.concept)))
  );
}

/**
 * True when the record's identity (name, address, birth …) must not be suggested into the box:
 * it is another party's (its own words, the heading over it, the page structure), or its owner
 * is uncertain and the text over it names a party the target is not. Uncertain: the box's own
 * name says nothing (`f2_13[0]`, `Text12`), so only the page can tell, and what it tells is a
 * section too long or sentence-like to make a region ("Complete for each household member:") or,
 * for a box without one, the nearest heading above it; or its name says only what ("Street
 * address"), not whose, and the nearest heading above it names a party. The user maps such a
 * box by hand: a confident, silent, wrong name on someone else's line is the worst thing to
 * write. A box named more fully ("Patient name" under "To be completed by the treating doctor")
 * speaks for itself.
 */
function isIdentityBarred(field: FieldProfile, target: Target): boolean {
  const box = { region: field.region, ownParties: field.parties };
  if (isOtherPartysBox(box, target.parties)) {
    return true;
  }
  if (hasOpaqueName(field.name)) {
    return hasOtherParty(field.sectionParties, target) || hasOtherParty(field.partiesAbove, target);
  }
  // A name that says only what ("Name", "Street address"), not whose, under a party's heading
  // with no section of its own in between.
  const saysOnlyWhat = field.sources
    .filter((source) => source.kind === 'authored')
    .every((source) => source.terms.every((term) => IDENTITY_CONCEPTS.has(term.concept)));
  return saysOnlyWhat && hasOtherParty(field.partiesAbove, target);
}

/**
 * Factor for a field in another party's region whose target is not that party's: the record's
 * identity never goes where someone else's may be (isIdentityBarred); other record fields are
 * discounted.
 */
function partyFactor(field: FieldProfile, target: Target): number {
  if (target.reusable) {
    return 1;
  }
  const { owner, evidence } = field.region;
  const isOthers = owner !== 'record' && !target.parties.has(owner);
  if (isRecordIdentity(target) && isIdentityBarred(field, target)) {
    return 0;
  }
  if (hasOtherParty(field.parties, target) || (isOthers && evidence !== 'heading')) {
    return OTHER_PARTY_FACTOR;
  }
  const sibling =
    isCounterpartUncertain(field.nameSiblings, target) ||
    isLinkNamedOnSibling(field.nameSiblings, target)
      ? NAME_SIBLING_FACTOR
      : 1;
  return sibling * (hasOtherParty(field.sectionParties, target) ? OTHER_PARTY_SECTION_FACTOR : 1);
}

/**
 * What a pair's score is made of: each source's match (already times its trust weight), the
 * blend of them, and the factors applied to the blend. The scorer model (scorer-model.ts) reads
 * these as features; `raw` is the hand-weighted score they make together.
 */
export type PairEvidence = {
  raw: number;
  /** Name and tooltip, printed label, both together, best caption candidate (0 when absent). */
  authored: number;
  label: number;
  all: number;
  candidate: number;
  typeFit: number;
  linkFactor: number;
  rowFactor: number;
  partyFactor: number;
};

/**
 * The evidence for `target` filling `field`, or null when it cannot (types that cannot meet, a
 * later row, nothing calling for it). `isLabelElsewhere`: the printed label names another
 * target, so its silence about this one is left out of the blend (see scoreField). Sources are blended (mostly the best one, partly their
 * mean) so a field whose name and label agree beats one where only the label — found by
 * geometry, sometimes the neighbour's — says so.
 */
export function scoreEvidence(
  field: FieldProfile,
  target: Target,
  similarity: TermSimilarity,
  isLabelElsewhere = false,
): PairEvidence | null {
  if (field.sources.length === 0) {
    return null;
  }
  if (target.reusable && !['text', 'dropdown', 'list'].includes(field.pdfType)) {
    return null;
  }
  // Later rows of a repeated block are other people or lines: no table field is theirs.
  if (field.row === 'later' && !target.reusable) {
    return null;
  }
  // "Month 1 / Month 2 / Month 3" are columns of amounts, "Day 1…7" lines of a log: a numbered
  // series of boxes never all take today's month or day.
  if (field.row !== null && DATE_PART_KEYS.has(target.key)) {
    return null;
  }
  // "From", "To", "Dates of previous application": a date of the request, never today's.
  if (field.isPerRequestDate && TODAY_KEYS.has(target.key)) {
    return null;
  }
  const typeFit = typeFactor(field, target);
  if (typeFit === 0) {
    return null;
  }
  // A box whose own words say date ("last_living_together_date") never takes a person's name,
  // however well one of its words ("last") matches the name's.
  if (field.isDateLike && target.type !== 'date' && isPersonName(target)) {
    return null;
  }
  // Universal values must be called for by the authored name or tooltip when there is one, but
  // are then blended over the same sources as table fields, so that "EMAIL" printed next to a
  // neighbour's caption does not favour the user's email over the table's Email.
  const authoredSources = target.reusable ? authoredFirst(field.sources) : field.sources;
  // A caption candidate is often a neighbour's "Date" or "Year": it never calls for one.
  if (target.reusable && field.sources.every((source) => source.kind === 'candidate')) {
    return null;
  }
  // Each source scored once: the checks below and the blend read the same numbers.
  const scores = new Map<FieldSource, number>();
  for (const source of field.sources) {
    scores.set(source, sourceScore(source, target, similarity));
  }
  if (authoredSources.every((source) => scores.get(source) === 0)) {
    return null;
  }
  const isCalledForByLabel = field.sources.some(
    (source) => source.kind === 'label' && (scores.get(source) ?? 0) > 0,
  );
  if (target.reusable && field.isNumberedName && !isCalledForByLabel) {
    return null;
  }
  // Caption candidates compete for the best source but stay out of the mean: they are several
  // texts around the box, most of them about something else.
  const bySource = { authored: 0, label: 0, all: 0, candidate: 0 };
  let best = 0;
  let sum = 0;
  let primaries = 0;
  for (const source of field.sources) {
    const score = scores.get(source) ?? 0;
    best = Math.max(best, score);
    bySource[source.kind] = Math.max(bySource[source.kind], score);
    const isSilentLabel = isLabelElsewhere && source.kind === 'label' && score === 0;
    if (source.kind !== 'candidate' && !isSilentLabel) {
      sum += score;
      primaries++;
    }
  }
  const mean = primaries === 0 ? best : sum / primaries;
  const blended = BEST_SOURCE_SHARE * best + (1 - BEST_SOURCE_SHARE) * mean;
  const linkFactor =
    target.needsContext && !mentionsContext(field, target, similarity)
      ? UNMENTIONED_LINK_FACTOR
      : 1;
  const rowFactor = field.row === 'first' && !target.reusable ? FIRST_ROW_FACTOR : 1;
  const party = partyFactor(field, target);
  if (party === 0) {
    return null;
  }
  const raw = Math.min(1, blended * typeFit * linkFactor * rowFactor * party);
  // Named fields, not a spread: this runs for every scored pair (~176,000 on a 925 × 925 run).
  return {
    raw,
    authored: bySource.authored,
    label: bySource.label,
    all: bySource.all,
    candidate: bySource.candidate,
    typeFit,
    linkFactor,
    rowFactor,
    partyFactor: party,
  };
}

/** How likely `target` fills `field` by the hand-weighted blend, in [0, 1]; 0 when it cannot. */
export function scorePair(field: FieldProfile, target: Target, similarity: TermSimilarity): number {
  return scoreEvidence(field, target, similarity)?.raw ?? 0;
}

/**
 * Every target with a score above 0 for one field. Where the field's own name or tooltip and its
 * printed text name different table targets, the name is believed: the printed text is often the
 * neighbour's ("NOMBRE" under a printed "Nº EXPEDIENTE", "Emergency_Relationship" beside
 * "PHONE"). A target only the printed text calls for is then less likely, and one the name calls
 * for does not lose for the printed text's silence about it.
 */
export function scoreField(
  field: FieldProfile,
  targets: readonly Target[],
  similarity: TermSimilarity,
): { target: Target; score: number }[] {
  const scored: { target: Target; evidence: PairEvidence }[] = [];
  let namesTableTarget = false;
  let isLabelElsewhere = false;
  for (const target of targets) {
    const evidence = scoreEvidence(field, target, similarity);
    if (evidence !== null && evidence.raw > 0) {
      scored.push({ target, evidence });
      namesTableTarget ||= !target.reusable && evidence.authored > 0;
      isLabelElsewhere ||= !target.reusable && evidence.label > 0;
    }
  }
  return scored.map(({ target, evidence }) => {
    if (namesTableTarget && evidence.authored === 0) {
      return { target, score: evidence.raw * NAME_DISAGREES_FACTOR };
    }
    const isNamedOnly = isLabelElsewhere && evidence.authored > 0 && evidence.label === 0;
    const named = isNamedOnly ? scoreEvidence(field, target, similarity, true) : null;
    return { target, score: named?.raw ?? evidence.raw };
  });
}
