// Whose region of the page a PDF field sits in. A box inside the paid preparer's, a witness's, a
// parent's or a household member's block, a later row of a repeated table, or the second copy of
// a block on the same page holds someone else's data than the record's. The owner is read from
// what the form says about the box itself (name, tooltip, printed caption) first, then from the
// heading the box sits under, then from the page structure (later rows, `_2` copies).
//
// The record's own identity is never suggested into another party's region (score.ts), and
// Apply All never writes there (contract suggestion-apply.ts) unless the target is that party's.
import { isOpaqueFieldName } from '@formbridge/contract/opaque-names';
import type { FieldDataDto, FieldInfoDto, FieldRegionDto } from '@formbridge/contract/templates';
import { readLabelCandidate } from '@formbridge/contract/templates';
import { namesRecordSubject, partiesIn } from './parties.ts';
import { indexedCopies, tableRows, withoutIndex } from './table-rows.ts';
import { foldText, tokenize } from './text-normalize.ts';

/**
 * `owner`: `record`, a party (`preparer`, `witness`, `parent` …) or `other-row` / `other-copy`;
 * `label`: what shows it, for the user (the heading, the caption word, "row 2"); `evidence`: the
 * box's own words say so, or only its heading / the page structure. Detection stores the region
 * of every field outside the record's (contract `fieldRegionSchema`).
 */
export type Region = FieldRegionDto;

export const RECORD_REGION: Region = { owner: 'record', label: 'Record', evidence: 'own' };

/** How a party's block is called in the confirmation of Apply All. */
const PARTY_TITLES: Readonly<Record<string, string>> = {
  preparer: 'Paid preparer',
  employer: 'Employer',
  spouse: 'Spouse',
  agent: 'Representative',
  office: 'Office use',
  dependent: 'Dependents',
  witness: 'Witness',
  doctor: 'Doctor or hospital',
  translator: 'Translator',
  parent: 'Parent or guardian',
  household: 'Household members',
  contact: 'Contact person',
  notifier: 'Person notifying',
  official: 'Official',
  opposing: 'Other party',
};

/** A printed caption longer than this is a sentence around the box, not its caption. */
const CAPTION_WORDS = 4;
/** A section heading longer than this is an instruction, not the title of a block. */
const HEADING_WORDS = 5;

/**
 * `Name_2`, `Adresse__2`, `newmiddle1` beside `newmiddle`, `Numerdomu2[0]` beside `Numerdomu[0]`:
 * a box named like another one on the same page plus a number is a copy of it for someone or
 * somewhere else. The base must end in a letter: `Text12` is numbered filler, not a copy.
 */
const NUMBERED_COPY = /^(.*\p{L})(?:_{1,2}|\s)?([1-9])((?:\[\d+\])?)$/u;

/** The name this one copies, when it reads as `base` + a copy number (see NUMBERED_COPY). */
export function copiedName(name: string): { base: string; copy: string } | null {
  const match = NUMBERED_COPY.exec(name);
  const [, base, copy, index] = match ?? [];
  return base === undefined || copy === undefined ? null : { base: base + (index ?? ''), copy };
}

/** A printed caption up to this long may say whose the box is ("Your first name and initial"). */
const SUBJECT_CAPTION_WORDS = 8;

/** The printed caption when it is short enough to speak for the box, not a sentence around it. */
export function subjectCaption(label: string | undefined): string | undefined {
  return label !== undefined && label.split(/\s+/).length <= SUBJECT_CAPTION_WORDS
    ? label
    : undefined;
}

function firstOf(parties: ReadonlySet<string>): string | undefined {
  return [...parties].sort()[0];
}

/**
 * What the page's structure says of the boxes: the page of every name (also without its last
 * array index), to tell a second copy of a block on the same page (another site, another person)
 * from a value repeated on another page; the later rows of tables of equal rows and the copies
 * of one name by index (table-rows.ts).
 */
export type PageLayout = {
  pageOfName: ReadonlyMap<string, number>;
  firstRows: ReadonlySet<string>;
  laterRows: ReadonlySet<string>;
  copies: ReadonlySet<string>;
};

export function pageLayout(fields: FieldDataDto): PageLayout {
  const pageOfName = new Map<string, number>();
  for (const [name, info] of Object.entries(fields)) {
    pageOfName.set(name, info.page);
    if (!pageOfName.has(withoutIndex(name))) {
      pageOfName.set(withoutIndex(name), info.page);
    }
  }
  const rows = tableRows(fields);
  return {
    pageOfName,
    firstRows: rows.first,
    laterRows: rows.later,
    copies: indexedCopies(fields),
  };
}

/** The region of each field; `isLaterRow`: its name numbers it a later row (markRows). */
export function regionOf(
  name: string,
  info: FieldInfoDto,
  isLaterRow: boolean,
  layout: PageLayout,
): Region {
  // The printed caption speaks for the box only when its name says nothing and it is short: a
  // long label is often the neighbour's or a sentence ("file a separate form for each spouse").
  const isOpaque = isOpaqueFieldName(name);
  const caption =
    isOpaque && info.label !== undefined && tokenize(info.label).length <= CAPTION_WORDS
      ? info.label
      : undefined;
  const own = firstOf(partiesIn(name, info.tooltip, caption));
  if (own !== undefined) {
    return { owner: own, label: PARTY_TITLES[own] ?? own, evidence: 'own' };
  }
  // "Employee's name" in the employer's part: the box's own words say it is the record's.
  const speaksForRecord = namesRecordSubject(name, info.tooltip, subjectCaption(info.label));
  // A heading is a short title ("Paid Preparer Use Only"); a caption taken for one ("Nome da
  // mãe:") or an instruction sentence does not make the boxes under it someone else's.
  const isHeading =
    info.section !== undefined &&
    !info.section.includes(':') &&
    tokenize(info.section).length <= HEADING_WORDS;
  const heading = isHeading && !speaksForRecord ? firstOf(partiesIn(info.section)) : undefined;
  if (heading !== undefined) {
    return { owner: heading, label: info.section ?? heading, evidence: 'heading' };
  }
  if (isLaterRow || layout.laterRows.has(name)) {
    return { owner: 'other-row', label: 'a later row of a repeated block', evidence: 'structure' };
  }
  const copy = isOpaque ? null : copiedName(withoutIndex(name));
  if (layout.copies.has(name)) {
    return {
      owner: 'other-copy',
      label: 'a copy of a box on the same page',
      evidence: 'structure',
    };
  }
  if (copy !== null && layout.pageOfName.get(copy.base) === info.page) {
    return {
      owner: 'other-copy',
      label: `copy ${copy.copy} of a block on the same page`,
      evidence: 'structure',
    };
  }
  return RECORD_REGION;
}

/**
 * For each box with no heading of its own: the parties named by the nearest heading above it on
 * its page (any section text, however long). Detection gives a heading only to the boxes close
 * under it; the rest of "Paid Preparer Use Only" or "Household members" often has none, and
 * then nothing but this says the record's own name does not belong there.
 */
export function partiesAbove(fields: FieldDataDto): Map<string, ReadonlySet<string>> {
  const byPosition = Object.entries(fields).sort(
    ([, a], [, b]) => a.page - b.page || a.rect[1] - b.rect[1] || a.rect[0] - b.rect[0],
  );
  const result = new Map<string, ReadonlySet<string>>();
  let page = Number.NaN;
  let heading: ReadonlySet<string> = new Set();
  for (const [name, info] of byPosition) {
    if (info.page !== page) {
      page = info.page;
      heading = new Set();
    }
    if (info.section !== undefined && info.section !== '') {
      heading = partiesIn(info.section);
      continue;
    }
    heading = titleAbove(info) ?? heading;
    if (heading.size > 0) {
      result.set(name, heading);
    }
  }
  return result;
}

/** A title over a block is a few words: longer is an instruction, shorter a box's caption. */
const TITLE_WORDS = { min: 4, max: 10 };

/**
 * The parties a block title printed over a box without a section names ("Details of person
 * making the statement"): the layout finder offers it among the box's caption candidates. A text
 * over the box naming the record's person by role ("Visa applicant's name") ends the party's
 * block; undefined when neither is there.
 */
function titleAbove(info: FieldInfoDto): ReadonlySet<string> | undefined {
  for (const candidate of info.label_candidates ?? []) {
    const { text, position } = readLabelCandidate(candidate);
    if (position !== 'above' || text.includes(':')) {
      continue;
    }
    if (namesRecordSubject(text)) {
      return new Set();
    }
    const words = text.split(/\s+/).length;
    const isTitle = text !== info.label && words >= TITLE_WORDS.min && words <= TITLE_WORDS.max;
    const parties = isTitle ? partiesIn(text) : new Set<string>();
    if (parties.size > 0) {
      return parties;
    }
  }
  return undefined;
}

/** What the identity rule reads about a box: its region and the parties its own words name. */
export type BoxOwnership = { region: Region; ownParties: ReadonlySet<string> };

/**
 * True when the box is someone else's than the record's for a target belonging to
 * `targetParties`: it lies in another party's region (the heading over it, its own words, a
 * later row of a repeated block, a numbered copy on the same page), or its own name, tooltip or
 * caption names a party the target is not. The record's own identity is never suggested there.
 */
export function isOtherPartysBox(box: BoxOwnership, targetParties: ReadonlySet<string>): boolean {
  const { owner } = box.region;
  if (owner !== RECORD_REGION.owner && !targetParties.has(owner)) {
    return true;
  }
  return [...box.ownParties].some((party) => !targetParties.has(party));
}

/**
 * The regions detection stores: every field outside the record's own region, from its words, its
 * heading, its `_2` and `[1]` copies and the later rows of tables of equal rows. Later rows told
 * only by numbered names are added by the suggester, which reads them with the table's words.
 */
export function detectedRegions(fields: FieldDataDto): Map<string, Region> {
  const layout = pageLayout(fields);
  const regions = new Map<string, Region>();
  for (const [name, info] of Object.entries(fields)) {
    const region = regionOf(name, info, false, layout);
    if (region.owner !== RECORD_REGION.owner) {
      regions.set(name, region);
    }
  }
  return regions;
}

// Dates of one request, not of the day the form is filled in: "From" / "To" of a period, a
// previous application, the hearing, when symptoms began. Today's date never goes there.
// Matched on folded text (lower case, no accents).
const PERIOD_BOUND =
  /^(?:date\s+)?(?:from|to|until|till|since|von|bis|seit|desde|hasta|du|au|depuis|jusqu au|dal|fino al|van|tot|od|do)(?:\s+date)?$/;
const PER_REQUEST_WORDS =
  /\b(?:previous|prior|earlier|former|hearing|occurred|first signs|onset|expir\w*|valid until|vorherig\w*|fruhere\w*|precedent\w*|anterieur\w*|anterior\w*|vorige\w*|eerdere|poprzedni\w*|beginn|ende|debut|inicio|inizio)\b/;

/** True when a date box is for a date of the request itself, which today's date is not. */
export function isPerRequestDate(name: string, info: FieldInfoDto): boolean {
  const texts = [info.label, info.tooltip, name].filter(
    (text): text is string => text !== undefined && text !== '',
  );
  return texts.some((text) => {
    const folded = foldText(text)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    return PERIOD_BOUND.test(folded) || PER_REQUEST_WORDS.test(folded);
  });
}
