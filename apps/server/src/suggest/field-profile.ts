// What a PDF field says about itself, from its name, tooltip (/TU) and printed label, as the
// sources the scorer compares with targets: what the form's author wrote (name, elaborated by
// the tooltip), the printed label found near the box, and both together.
import type { FieldInfoDto } from '@formbridge/contract/templates';
import { readLabelCandidate } from '@formbridge/contract/templates';
import { cleanCaption, hasQualifier } from './caption-clean.ts';
import { readName } from './field-name.ts';
import { captionTerms, hasDateFormat, isOpaque, meaningfulTerms } from './field-words.ts';
import { isDistinguishing, type Term } from './lexicon.ts';
import { partiesIn } from './parties.ts';
import { isPerRequestDate, RECORD_REGION } from './regions.ts';
import type { FieldProfile, FieldSource, Vocabulary } from './suggest-types.ts';
import { tokenize } from './text-normalize.ts';

// How far each source is trusted: names are authored, labels are found by geometry and are
// sometimes the neighbour's.
const SOURCE_WEIGHTS = { name: 1, parent: 0.95, tooltip: 0.95, label: 0.85, all: 0.85 };
// Words a tooltip or label adds to a field's own name are elaboration ("Present Physical Address
// (No P O Boxes). Enter the state. You will be making a selection…"): they may confirm a
// target ("Previous" for "Previous State") but should not drown the name.
const ELABORATION_WEIGHT = 0.35;
/**
 * When no text sits right by the box, the layout finder's caption candidates (label_candidates,
 * best first: above, below, column or row header) speak instead, each trusted less the further
 * down its rank. Beside a nearest label they only added the neighbours' captions: measured on
 * the labelled set (docs/benchmarks.md), they lowered precision without adding recall.
 */
const CANDIDATE_RANK_WEIGHTS = [0.9, 0.75, 0.6, 0.5];
/** A caption with a condition in brackets ("if different from above") is trusted this much less. */
const QUALIFIED_CAPTION_WEIGHT = 0.95;
const DATE_CONCEPTS = new Set(['date', 'birth_date', 'day', 'month', 'year']);
const NUMBER_CONCEPTS = new Set(['number', 'amount', 'quantity', 'total', 'age']);

function elaborate(terms: readonly Term[]): Term[] {
  return terms.map((term) =>
    isDistinguishing(term.concept)
      ? term
      : { ...term, weight: term.weight * ELABORATION_WEIGHT, isElaboration: true },
  );
}

/** One term per concept, first occurrence kept: "Name / NAME" says name once. */
function uniqueTerms(terms: readonly Term[]): Term[] {
  const seen = new Set<string>();
  return terms.filter((term) => !seen.has(term.concept) && seen.add(term.concept) !== undefined);
}

function conceptKey(terms: readonly Term[]): string {
  return terms
    .map((term) => term.concept)
    .sort()
    .join(' ');
}

/** Distinct option texts, trimmed and lower-cased ("Yes", "yes " → "yes"). */
function optionTexts(info: FieldInfoDto): string[] {
  const texts = (info.options ?? []).map((o) => (o.label || o.value).trim().toLowerCase());
  return [...new Set(texts)].filter((text) => text !== '');
}

/**
 * The same name on another page repeats the box only when its tooltip says the same: ZUS EWYP's
 * `Numerdomu` is the injured person's house number on page 1 and the business address's on page
 * 2 ("Adres miejsca prowadzenia pozarolniczej działalności"). Digits are left out, so "page 2"
 * in a tooltip does not split a repeat.
 */
function repeatKeyWithTooltip(repeatKey: string, tooltip: string | undefined): string {
  const words = tokenize(tooltip ?? '').filter((word) => !/\d/.test(word));
  return repeatKey === '' || words.length === 0 ? repeatKey : `${repeatKey}|${words.join(' ')}`;
}

/** Builds the profile of one PDF field (`row` is set later, by markRows, across fields). */
export function buildFieldProfile(
  name: string,
  info: FieldInfoDto,
  order: number,
  fieldsPerParent: ReadonlyMap<string, number>,
  vocabulary: Vocabulary,
): FieldProfile {
  const parts = readName(name, fieldsPerParent, vocabulary);
  const tooltip = info.tooltip ? meaningfulTerms(info.tooltip, vocabulary, true) : [];
  const label = info.label ? captionTerms(cleanCaption(info.label), vocabulary, false) : [];
  // "(if different from above)" is stripped before scoring but kept as evidence against: the
  // box may stay empty, so its caption is trusted a little less.
  const labelWeight =
    info.label && hasQualifier(info.label)
      ? SOURCE_WEIGHTS.label * QUALIFIED_CAPTION_WEIGHT
      : SOURCE_WEIGHTS.label;
  const sources: FieldSource[] = [];
  const add = (kind: FieldSource['kind'], words: Term[], weight: number) => {
    const terms = uniqueTerms(words);
    const key = conceptKey(terms);
    if (terms.length > 0 && !sources.some((source) => conceptKey(source.terms) === key)) {
      sources.push({ kind, terms, weight });
    }
  };
  // What the author wrote: the name, elaborated by the tooltip; the tooltip leads when the name
  // is filler (`S1 GF 5`) or a code (`LTC 6a`).
  const isNameUseful =
    parts.own.length > 0 && !(tooltip.length > 0 && isOpaque(parts.own, vocabulary));
  const nameWeight = parts.isFromParent ? SOURCE_WEIGHTS.parent : SOURCE_WEIGHTS.name;
  const authored = isNameUseful
    ? [...parts.own, ...elaborate(tooltip)]
    : [...tooltip, ...elaborate(parts.own)];
  add('authored', authored, isNameUseful ? nameWeight : SOURCE_WEIGHTS.tooltip);
  add('label', label, labelWeight);
  if (authored.length > 0) {
    add('all', [...authored, ...elaborate(label)], SOURCE_WEIGHTS.all);
  }
  // Concepts of the field itself: a caption that may be the neighbour's does not make it a date.
  const concepts = sources.flatMap((source) => source.terms.map((term) => term.concept));
  if (info.label === undefined) {
    (info.label_candidates ?? []).forEach((candidate, rank) => {
      const { text } = readLabelCandidate(candidate);
      const weight = CANDIDATE_RANK_WEIGHTS[rank] ?? 0;
      add(
        'candidate',
        captionTerms(cleanCaption(text), vocabulary, false),
        SOURCE_WEIGHTS.label * weight,
      );
    });
  }
  return {
    name,
    order,
    page: info.page,
    pdfType: info.type,
    options: optionTexts(info),
    maxLength: info.max_length,
    sources,
    context: uniqueTerms(parts.context),
    isDateLike:
      concepts.some((c) => DATE_CONCEPTS.has(c)) ||
      hasDateFormat(`${info.tooltip ?? ''} ${info.label ?? ''}`),
    isNumberLike: concepts.some((c) => NUMBER_CONCEPTS.has(c)),
    repeatKey: repeatKeyWithTooltip(parts.repeatKey, info.tooltip),
    row: null,
    isNumberedName: !info.tooltip && /\p{L}[\s_-]?\d+$/u.test(name),
    parties: partiesIn(name, info.tooltip),
    sectionParties: partiesIn(info.section),
    partiesAbove: new Set(),
    region: RECORD_REGION,
    isPerRequestDate: isPerRequestDate(name, info),
    nameSiblings: [],
  };
}
