// Whose region of the page a PDF field sits in. A box inside the paid preparer's, a witness's, a
// parent's or a household member's block, a later row of a repeated table, or the second copy of
// a block on the same page holds someone else's data than the record's. The owner is read from
// what the form says about the box itself (name, tooltip, printed caption) first, then from the
// heading the box sits under, then from the page structure (later rows, `_2` copies).
//
// The record's own identity is never suggested into another party's region (score.ts), and
// Apply All never writes there (contract suggestion-apply.ts) unless the target is that party's.
import type { FieldDataDto, FieldInfoDto, FieldRegionDto } from '@formbridge/contract/templates';
import { partiesIn } from './parties.ts';
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

/** `Text12`, `Formfieldnr6`, `f1_6[0]`: a name that says nothing of the box. */
const OPAQUE_NAME =
  /^(?:text|texte|tekst|field|formfield(?:nr)?|fill|f|c|box|textbox|textfield|campo|feld|undefined)?[\s_.-]*\d+(?:[\s_.-]*\d+)*$/i;
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

/** True when the box's own name says nothing of it (`f1_6[0]`, `Text12`): only the page can. */
export function hasOpaqueName(name: string): boolean {
  return OPAQUE_NAME.test((name.split('.').at(-1) ?? name).replace(/\[\d+\]$/, ''));
}

function firstOf(parties: ReadonlySet<string>): string | undefined {
  return [...parties].sort()[0];
}

/**
 * The region of each field. `names` are all the template's fields, to tell a second copy of a
 * block on the same page (another site, another person) from a value repeated on another page.
 */
export function regionOf(
  name: string,
  info: FieldInfoDto,
  isLaterRow: boolean,
  pageOfName: ReadonlyMap<string, number>,
): Region {
  // The printed caption speaks for the box only when its name says nothing and it is short: a
  // long label is often the neighbour's or a sentence ("file a separate form for each spouse").
  const lastName = (name.split('.').at(-1) ?? name).replace(/\[\d+\]$/, '');
  const caption =
    OPAQUE_NAME.test(lastName) &&
    info.label !== undefined &&
    tokenize(info.label).length <= CAPTION_WORDS
      ? info.label
      : undefined;
  const own = firstOf(partiesIn(name, info.tooltip, caption));
  if (own !== undefined) {
    return { owner: own, label: PARTY_TITLES[own] ?? own, evidence: 'own' };
  }
  // A heading is a short title ("Paid Preparer Use Only"); a caption taken for one ("Nome da
  // mãe:") or an instruction sentence does not make the boxes under it someone else's.
  const isHeading =
    info.section !== undefined &&
    !info.section.includes(':') &&
    tokenize(info.section).length <= HEADING_WORDS;
  const heading = isHeading ? firstOf(partiesIn(info.section)) : undefined;
  if (heading !== undefined) {
    return { owner: heading, label: info.section ?? heading, evidence: 'heading' };
  }
  if (isLaterRow) {
    return { owner: 'other-row', label: 'a later row of a repeated block', evidence: 'structure' };
  }
  const copy = OPAQUE_NAME.test(lastName) ? null : copiedName(name);
  if (copy !== null && pageOfName.get(copy.base) === info.page) {
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
    } else if (heading.size > 0) {
      result.set(name, heading);
    }
  }
  return result;
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
 * heading and its `_2` copies. Later rows of a repeated block are told by the suggester, which
 * reads the row structure with the table's words.
 */
export function detectedRegions(fields: FieldDataDto): Map<string, Region> {
  const pageOfName = new Map(Object.entries(fields).map(([name, info]) => [name, info.page]));
  const regions = new Map<string, Region>();
  for (const [name, info] of Object.entries(fields)) {
    const region = regionOf(name, info, false, pageOfName);
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

/**
 * Several dates ("Dates of travel", "Date(s) des vols", "Fechas de …"): a form is signed on one
 * day, so a heading or caption speaking of dates in the plural is about the request's events.
 */
const PLURAL_DATES = /^(?:dates|date s|fechas|fecha s|datas|data s|daten|datums|daty|date e)\b/;

function foldedWords(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** True when a date box is for a date of the request itself, which today's date is not. */
export function isPerRequestDate(name: string, info: FieldInfoDto): boolean {
  const texts = [info.label, info.tooltip, name].filter(
    (text): text is string => text !== undefined && text !== '',
  );
  const isOwnPerRequest = texts.some((text) => {
    const folded = foldedWords(text);
    return PERIOD_BOUND.test(folded) || PER_REQUEST_WORDS.test(folded);
  });
  return (
    isOwnPerRequest ||
    [info.label, info.section].some(
      (text) => text !== undefined && PLURAL_DATES.test(foldedWords(text)),
    )
  );
}
