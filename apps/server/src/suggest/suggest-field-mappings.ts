// Mapping suggestions: for each unmapped PDF field of a template, the table field, combination
// rule, linked-table field or universal value most likely to fill it, with a confidence score.
//
// Pipeline: describe every target in terms (targets.ts), describe every PDF field from its name,
// tooltip and printed label (field-profile.ts), score all pairs (score.ts), keep those above the
// threshold and assign them globally so one table field is not handed to many unrelated boxes
// (assign.ts). Pure and deterministic: same input, same output, in template field order.
import { joinContinuedCaptions } from './caption-continuation.ts';
import { splitSharedCaptions } from './caption-rows.ts';
import { moveCaptionsBelowLines } from './caption-stacks.ts';
import { countFieldsPerParent, markRows } from './field-name.ts';
import { evidenceKindOf, explainPair } from './explain.ts';
import { buildFieldProfile } from './field-profile.ts';
import { assignTargets } from './assign.ts';
import type { EvidenceKind } from './calibration-levels.ts';
import { confidenceOf } from './calibration-levels.ts';
import { applyMemories } from './mapping-memory.ts';
import { isApplyAllLevel, mayApplyUnattended } from './apply-eligibility.ts';
import { SUGGEST_CONFIDENCE } from './calibration-data.ts';
import { scoreField } from './score.ts';
import type {
  FieldProfile,
  ScoredPair,
  SuggestInput,
  SuggestOptions,
  Suggestion,
  Vocabulary,
} from './suggest-types.ts';
import { nameSiblings } from './name-siblings.ts';
import { partiesAbove, regionOf } from './regions.ts';
import { createTargetIndex } from './target-index.ts';
import { buildTargets, targetVocabulary } from './targets.ts';
import { createTermSimilarity } from './term-similarity.ts';

/**
 * Below this raw score nothing is suggested: the lowest threshold at precision 0.95 on all 42
 * labelled forms (0.956 / recall 0.827; 0.62 gives 0.966 / 0.812), inside the 0.58–0.62 that
 * leave-one-source-out (test/eval-suggest.ts --loso) chooses for each held-out source.
 * Re-check after engine or detection changes (docs/benchmarks.md).
 */
export const DEFAULT_SUGGEST_THRESHOLD = 0.6;

/** A runner-up this close to the chosen target makes the choice a coin toss: no suggestion. */
const CLOSE_CALL = 0.02;

/**
 * Another table target, left free by the assignment, fits the field about as well as the chosen
 * one ("Phone" and "Mobile" for a box that says "Phone"): precision first, suggest neither.
 */
function isCloseCall(
  chosen: ScoredPair,
  pairsByField: ReadonlyMap<string, readonly ScoredPair[]>,
  takenKeys: ReadonlySet<string>,
): boolean {
  return (pairsByField.get(chosen.field.name) ?? []).some(
    (pair) =>
      pair.target !== chosen.target &&
      !pair.target.reusable &&
      !takenKeys.has(pair.target.key) &&
      pair.score >= chosen.score - CLOSE_CALL,
  );
}

/** Scores are shown as percentages: two decimals are all the precision they carry. */
function roundScore(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 100) / 100;
}

/**
 * Profiles of the PDF fields to suggest for: unmapped, in template order. Read-only fields are
 * included: generation fills them like any other, and the scripts that would compute or unlock
 * them (AR-11's apartment number, totals) do not run in a generated PDF.
 */
export function profileFields(input: SuggestInput, vocabulary: Vocabulary): FieldProfile[] {
  const fields = splitSharedCaptions(moveCaptionsBelowLines(joinContinuedCaptions(input.fields)));
  const names = Object.keys(fields);
  const perParent = countFieldsPerParent(names);
  const profiles: FieldProfile[] = [];
  names.forEach((name, order) => {
    const info = fields[name];
    if (info && !input.mappedFieldNames.has(name)) {
      profiles.push(buildFieldProfile(name, info, order, perParent, vocabulary));
    }
  });
  markRows(profiles, vocabulary);
  const pageOfName = new Map(names.map((name) => [name, fields[name]?.page ?? -1]));
  const above = partiesAbove(fields);
  const siblings = nameSiblings(names.map((name) => ({ name, page: fields[name]?.page ?? -1 })));
  for (const profile of profiles) {
    profile.partiesAbove = above.get(profile.name) ?? profile.partiesAbove;
    profile.nameSiblings = siblings.get(profile.name) ?? profile.nameSiblings;
    const info = fields[profile.name];
    if (info) {
      // Detection stores the region of a field outside the record's; templates detected before
      // regions were stored (and later rows, which need the table's words) are read here.
      profile.region =
        info.region ?? regionOf(profile.name, info, profile.row === 'later', pageOfName);
    }
  }
  return profiles;
}

/** Every field–target pair scoring at least `threshold`. */
export function scorePairs(input: SuggestInput, threshold: number): ScoredPair[] {
  const targets = buildTargets(input);
  const profiles = profileFields(input, targetVocabulary(targets));
  const similarity = createTermSimilarity();
  const targetsOf = createTargetIndex(targets, similarity);
  const pairs: ScoredPair[] = [];
  for (const field of profiles) {
    for (const { target, score } of scoreField(field, targetsOf(field), similarity)) {
      if (score >= threshold) {
        pairs.push({ field, target, score });
      }
    }
  }
  return pairs;
}

/**
 * A suggestion with what the confidence levels read: its raw score and evidence kind, and
 * `mayApply`: nothing about the box forbids Apply All whatever the level (apply-eligibility.ts).
 */
export type ScoredSuggestion = {
  suggestion: Suggestion;
  raw: number;
  evidence: EvidenceKind;
  mayApply: boolean;
};

/**
 * The engine's suggestions before the account's memories: at most one per field, each table
 * target for one field (universal values and same-named fields repeated on other pages
 * excepted), nothing below the threshold.
 */
export function engineSuggestions(
  input: SuggestInput,
  options: SuggestOptions = {},
): ScoredSuggestion[] {
  const threshold = options.threshold ?? DEFAULT_SUGGEST_THRESHOLD;
  const levels = options.calibration === undefined ? SUGGEST_CONFIDENCE : options.calibration;
  const similarity = createTermSimilarity();
  const pairs = scorePairs(input, threshold);
  const assigned = assignTargets(pairs, threshold);
  const takenKeys = new Set(assigned.map((pair) => pair.target.key));
  const pairsByField = new Map<string, ScoredPair[]>();
  for (const pair of pairs) {
    pairsByField.set(pair.field.name, [...(pairsByField.get(pair.field.name) ?? []), pair]);
  }
  return assigned
    .filter((pair) => !isCloseCall(pair, pairsByField, takenKeys))
    .map((pair): ScoredSuggestion => {
      const evidence = evidenceKindOf(pair.field, pair.target, similarity);
      const mayApply = mayApplyUnattended(pair.field, pair.target);
      const suggestion: Suggestion = {
        field_name: pair.field.name,
        suggested_field_key: pair.target.key,
        confidence_score: roundScore(confidenceOf(pair.score, evidence, levels)),
        reason: explainPair(pair.field, pair.target, pair.target.label, similarity),
        apply_all: mayApply && isApplyAllLevel(pair.score, evidence, levels),
        ...(pair.field.region.owner === 'record'
          ? {}
          : {
              region: {
                owner: pair.field.region.owner,
                label: pair.field.region.label,
                foreign: !pair.target.parties.has(pair.field.region.owner),
              },
            }),
      };
      return { suggestion, raw: pair.score, evidence, mayApply };
    });
}

/**
 * Suggests a mapping for each unmapped PDF field that has a convincing target (engineSuggestions),
 * then lets the account's remembered mappings override them. Signatures and buttons get none;
 * file and link fields are never suggested. Keys are in the stored form.
 */
export function suggestFieldMappings(
  input: SuggestInput,
  options: SuggestOptions = {},
): Suggestion[] {
  const suggestions = engineSuggestions(input, options).map((s) => s.suggestion);
  const memories = input.memories ?? [];
  if (memories.length === 0) {
    return suggestions;
  }
  return applyMemories(suggestions, memories, {
    fields: Object.entries(input.fields)
      .filter(([name]) => !input.mappedFieldNames.has(name))
      .map(([name, info]) => ({ name, info })),
    targets: new Map(buildTargets(input).map((target) => [target.key, target])),
  });
}
