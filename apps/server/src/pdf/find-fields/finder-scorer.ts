// The learned scorer of field candidates (issue 29, eighth pass): boosted small trees over
// the features of candidate-features.ts, fitted on the development repositories only by
// apps/server/test/train-finder-scorer.ts. Nothing is learned at run time: the fitted
// trees are a constant, and a candidate's score is their sum. No model ships yet: under
// leave-one-repository-out it did not beat the rules (decisions.md, eighth pass), so the finder
// still proposes by the rules' confidence and only the trainer calls this.
import type { PageFeatureInput } from './candidate-features.ts';
import { FEATURE_NAMES, pageFeatures } from './candidate-features.ts';

/** A leaf's value, or a split: go `below` when the feature < threshold, else `above`. */
export type ScoreTree =
  number | { feature: number; threshold: number; below: ScoreTree; above: ScoreTree };

/**
 * A fitted model. `offset` moves the cut chosen by cross-validation to confidence 0.5, so
 * "accept all" (DEFAULT_ACCEPT_THRESHOLD) keeps meaning "the proposals worth accepting".
 */
export type ScorerModel = {
  features: readonly string[];
  bias: number;
  offset: number;
  trees: readonly ScoreTree[];
};

/** Log-odds that the candidate is a field, before the offset. */
export function scoreFeatures(model: ScorerModel, features: readonly number[]): number {
  let sum = model.bias;
  for (const tree of model.trees) {
    let node = tree;
    while (typeof node !== 'number') {
      node = (features[node.feature] ?? 0) < node.threshold ? node.below : node.above;
    }
    sum += node;
  }
  return sum;
}

/** A log-odds score as a confidence in (0, 1), rounded as the finder's confidences are. */
export function confidenceOf(model: ScorerModel, logit: number): number {
  const p = 1 / (1 + Math.exp(-(logit - model.offset)));
  return Math.round(Math.min(0.99, Math.max(0.01, p)) * 100) / 100;
}

/** The model's confidence for every candidate of one page, in input order. */
export function scorePage(model: ScorerModel, input: PageFeatureInput): number[] {
  if (model.features.length !== FEATURE_NAMES.length) {
    throw new Error('finder scorer: the model was fitted on another feature list');
  }
  return pageFeatures(input).map((f) => confidenceOf(model, scoreFeatures(model, f)));
}
