// Whose box it is, for the scorer: the record's own identity (name, address, birth, identity
// numbers, contact) is never suggested into another party's region or a box whose owner is
// uncertain, and other record fields are discounted there (regions.ts reads the regions).
import { isOpaqueFieldName } from '@formbridge/contract/opaque-names';
import { isOtherPartysBox } from './regions.ts';
import type { FieldProfile, Target } from './suggest-types.ts';

/**
 * A box in another party's block (preparer, employer, agent, office use…) rarely takes the
 * record's own data; today's date and the like stay as they are.
 */
const OTHER_PARTY_FACTOR = 0.55;
/** The same when only the section heading names the party. */
const OTHER_PARTY_SECTION_FACTOR = 0.8;

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
export function isPersonName(target: Target): boolean {
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
  // "Your first name", "Employee's name": the box says whose it is, whatever the page around it.
  if (field.namesSubject) {
    return false;
  }
  if (field.isUnclaimedFirstRow) {
    return true;
  }
  if (isOpaqueFieldName(field.name)) {
    return hasOtherParty(field.sectionParties, target) || hasOtherParty(field.partiesAbove, target);
  }
  // A name that does not say whose ("Name", "Street address", `hofullname`) under a party's
  // heading with no section of its own in between: whose it is, only the page tells. (Its own
  // words naming a party or the record's person were read above.)
  return hasOtherParty(field.partiesAbove, target);
}

/**
 * Factor for a field in another party's region whose target is not that party's: the record's
 * identity never goes where someone else's may be (isIdentityBarred); other record fields are
 * discounted.
 */
export function partyFactor(field: FieldProfile, target: Target): number {
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
  // "Employee's name" under "Employer": the box's own words outrank the heading's.
  return hasOtherParty(field.sectionParties, target) && !field.namesSubject
    ? OTHER_PARTY_SECTION_FACTOR
    : 1;
}
