// Which suggestions Apply All may write unattended. Shown confidence says how often a suggestion
// like this is right; Apply All writes without the user looking, so it takes only what the
// development set shows to be nearly always right on many repositories, and never what only one
// kind of evidence's in-sample figure makes look so.
//
// Printed text found near a box (the caption finder's pick) won the suggestion: its accuracy on
// the development set rose with caption rules written while looking at those very forms, and a
// few repositories gave much of it, so its development figure overstates what unseen forms give
// (leave-one-repository-out cannot see this: the rules are the same in every fold). So printed
// evidence enters Apply All only from the top raw band, and every level only when its
// repositories, each capped, make its lower confidence bound high enough (figures in
// docs/decisions.md, "Safe Apply All by the server").
import type { Cell, ConfidenceLevels, EvidenceKind, LevelOutcome } from './calibration-levels.ts';
import { cellOf, LEVEL_CUTS, levelIndex } from './calibration-levels.ts';
import { isRecordIdentity } from './score.ts';
import type { FieldProfile, Target } from './suggest-types.ts';

/** A level needs suggestions from this many repositories to be written unattended. */
export const APPLY_MIN_SOURCES = 8;
/** Its accuracy, each repository capped (calibration-levels.ts SOURCE_CAP), at least this … */
export const APPLY_MIN_ACCURACY = 0.97;
/** … and its one-sided 95 % Wilson lower bound at least this. */
export const APPLY_MIN_LOWER_BOUND = 0.95;
const Z_95 = 1.645;
/**
 * Printed evidence may enter Apply All only in a level whose raw scores all reach this: below
 * it, dev-only caption rules made its figure (with the shipped cuts, it never enters).
 */
export const PRINTED_APPLY_FROM = 0.95;

/** The Wilson score lower bound of a proportion (Wilson, 1927). */
export function wilsonLower(correct: number, n: number, z = Z_95): number {
  if (n <= 0) {
    return 0;
  }
  const p = correct / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return (centre - margin) / (1 + z2 / n);
}

/** True when a cell's suggestions are right often enough, on enough repositories, to auto-apply. */
function isSafeCell(cell: Cell): boolean {
  return (
    cell.sources >= APPLY_MIN_SOURCES &&
    cell.n > 0 &&
    cell.correct / cell.n >= APPLY_MIN_ACCURACY &&
    wilsonLower(cell.correct, cell.n) >= APPLY_MIN_LOWER_BOUND
  );
}

/**
 * Per evidence kind and level: may Apply All write it. Printed evidence only in a level from
 * PRINTED_APPLY_FROM up;
 * every level only when isSafeCell holds for its own suggestions (no merging with neighbours, no
 * pooling of kinds: a level borrows no other level's record).
 */
export function fitApplyAll(
  outcomes: readonly LevelOutcome[],
  cuts: readonly number[] = LEVEL_CUTS,
): NonNullable<ConfidenceLevels['applyAll']> {
  const levels = Array.from({ length: cuts.length + 1 }, (_, level) => level);
  const ofKind = (kind: EvidenceKind) =>
    levels.map((level) => {
      const from = level === 0 ? 0 : (cuts[level - 1] ?? 0);
      if (kind === 'printed' && from < PRINTED_APPLY_FROM - 1e-9) {
        return false;
      }
      const cell = outcomes.filter((o) => o.evidence === kind && levelIndex(o.raw, cuts) === level);
      return isSafeCell(cellOf(cell));
    });
  return { authored: ofKind('authored'), printed: ofKind('printed') };
}

/** True when the levels let Apply All write a suggestion with this raw score and evidence. */
export function isApplyAllLevel(
  raw: number,
  evidence: EvidenceKind,
  levels: ConfidenceLevels | null,
): boolean {
  const flags = levels?.applyAll?.[evidence];
  return levels !== null && flags?.[levelIndex(raw, levels.cuts)] === true;
}

/**
 * True when nothing about the box makes writing the target unattended unsafe, whatever its
 * level: the box is not in another party's region, and for the record's identity (name,
 * address, birth date) no party at all is named around it, not even in a heading too long or
 * too sentence-like to make a region ("Complete for each household member:"). The scorer only
 * discounts those; the user maps such a box by hand.
 */
export function mayApplyUnattended(field: FieldProfile, target: Target): boolean {
  const { owner } = field.region;
  if (owner !== 'record' && !target.parties.has(owner)) {
    return false;
  }
  if (!isRecordIdentity(target)) {
    return true;
  }
  const named = [...field.parties, ...field.sectionParties, ...field.partiesAbove];
  return owner === 'record' && named.every((party) => target.parties.has(party));
}
