// The evaluation's headline figures (eval-detect.ts: text and checkbox/radio precision, recall
// of cued widgets; comb and lines rules on) for any confidences given to the candidates — the
// rules' own, or a scorer's out-of-fold ones — at one cut.
import type { Proposal, TruthWidget } from './eval-detect-core.ts';
import { combCovered, linesOfFound, pairUp, proposalCategory } from './eval-detect-core.ts';

type ScoredForm = { truth: TruthWidget[]; proposals: Proposal[] };
type Row = { proposed: number; right: number; cued: number; foundCued: number };

export type CutFigures = { text: Row; check: Row; line: string };

const ratio = (n: number, d: number): string => (d > 0 ? (n / d).toFixed(3) : '  –  ');

/** Text and checkbox/radio P/R (cue) when candidates at `confidences[form][i] ≥ cut` are kept. */
export function scoreAtCut(
  forms: readonly ScoredForm[],
  confidences: readonly (readonly number[])[],
  cut: number,
): CutFigures {
  const text: Row = { proposed: 0, right: 0, cued: 0, foundCued: 0 };
  const check: Row = { proposed: 0, right: 0, cued: 0, foundCued: 0 };
  forms.forEach((form, f) => {
    const kept = form.proposals.filter((_, i) => (confidences[f]?.[i] ?? 0) >= cut);
    const pairs = pairUp(kept, form.truth);
    const covered = combCovered(kept, form.truth, pairs);
    const found = new Set([...pairs.values(), ...covered.keys()]);
    const combsRight = new Set<Proposal>(covered.values());
    const lines = linesOfFound(kept, found, new Set(pairs.keys()));
    for (const t of form.truth) {
      const row = t.category === 'text' ? text : t.category === 'check' ? check : null;
      if (row !== null && t.cued) {
        row.cued++;
        row.foundCued += found.has(t) ? 1 : 0;
      }
    }
    for (const p of kept) {
      const category = proposalCategory(p);
      const row = category === 'text' ? text : category === 'check' ? check : null;
      if (row !== null) {
        row.proposed++;
        row.right += pairs.has(p) || combsRight.has(p) || lines.has(p) ? 1 : 0;
      }
    }
  });
  const line =
    `text P/R ${ratio(text.right, text.proposed)} / ${ratio(text.foundCued, text.cued)} (${text.proposed} proposed)  ` +
    `check P/R ${ratio(check.right, check.proposed)} / ${ratio(check.foundCued, check.cued)} (${check.proposed})`;
  return { text, check, line };
}
