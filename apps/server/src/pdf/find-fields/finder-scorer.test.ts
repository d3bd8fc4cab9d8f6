// The learned scorer at run time (issue 29, eighth pass): a fitted constant, read the same way
// every time; the cut chosen by cross-validation lands on "accept all"'s 0.5.
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES } from './candidate-features.ts';
import type { ScorerModel } from './finder-scorer.ts';
import { confidenceOf, scoreFeatures, scorePage } from './finder-scorer.ts';

const captioned = FEATURE_NAMES.indexOf('has_caption');
const model: ScorerModel = {
  features: FEATURE_NAMES,
  bias: -1,
  offset: 0,
  trees: [
    { feature: captioned, threshold: 0.5, below: -1, above: 2 },
    {
      feature: captioned,
      threshold: 0.5,
      below: 0,
      above: { feature: FEATURE_NAMES.indexOf('kind_rule'), threshold: 0.5, below: 0, above: 0.5 },
    },
  ],
};

describe('finder scorer', () => {
  it('adds the leaves a candidate falls in', () => {
    const row = FEATURE_NAMES.map(() => 0);
    expect(scoreFeatures(model, row)).toBe(-2);
    row[captioned] = 1;
    expect(scoreFeatures(model, row)).toBe(1);
    row[FEATURE_NAMES.indexOf('kind_rule')] = 1;
    expect(scoreFeatures(model, row)).toBe(1.5);
  });

  it('puts the chosen cut at confidence 0.5', () => {
    const cut = 0.6;
    const shifted = { ...model, offset: Math.log(cut / (1 - cut)) };
    expect(confidenceOf(shifted, Math.log(cut / (1 - cut)))).toBe(0.5);
    expect(confidenceOf(shifted, 3)).toBeGreaterThan(0.5);
    expect(confidenceOf(shifted, 0)).toBeLessThan(0.5);
  });

  it('refuses a model fitted on another feature list', () => {
    const stale = { ...model, features: FEATURE_NAMES.slice(1) };
    const page = { candidates: [], captions: [], words: [], pageWidth: 612, pageHeight: 792 };
    expect(() => scorePage(stale, page)).toThrow(/another feature list/u);
  });
});
