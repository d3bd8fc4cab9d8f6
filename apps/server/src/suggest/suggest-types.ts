// Shapes the suggestion engine takes and returns. The engine is pure: the service loads the
// template, the table and its linked tables, and hands them over in these shapes.
import type { Suggestion, UniversalField } from '@formbridge/contract/mappings';
import type { CombinationRule, Field } from '@formbridge/contract/tables';
import type { FieldDataDto } from '@formbridge/contract/templates';
import type { ConfidenceLevels } from './calibration-levels.ts';
import type { Term } from './lexicon.ts';
import type { MappingMemory } from './mapping-memory.ts';
import type { NameSibling } from './name-siblings.ts';
import type { Region } from './regions.ts';

export type { Suggestion };

/** The parts of a table the engine reads. */
export type SuggestTable = {
  name: string;
  fields: readonly Field[];
  combination_rules: readonly CombinationRule[];
};

/** A table reached through a link field of the mapped table. */
export type SuggestLinkedTable = { linkField: string; table: SuggestTable };

export type SuggestInput = {
  /** The template's fields, keyed by fully qualified name. */
  fields: FieldDataDto;
  /** PDF fields that already have a mapping: never suggested for again. */
  mappedFieldNames: ReadonlySet<string>;
  table: SuggestTable;
  linkedTables: readonly SuggestLinkedTable[];
  universalFields: readonly UniversalField[];
  /** The account's remembered mappings, newest first (mapping-memory.ts); none by default. */
  memories?: readonly MappingMemory[];
};

/** Tuning knobs; the defaults are what the evaluation measured (docs in suggest-field-mappings). */
export type SuggestOptions = {
  /** Suggestions whose raw score is below this are not made. */
  threshold?: number;
  /** Raw score → shown confidence; defaults to the levels fitted on the development set, null = raw. */
  calibration?: ConfidenceLevels | null;
};

/** Something a PDF field can be mapped to, with the words that describe it. */
export type Target = {
  /** The stored mapping key: `field`, `linkfield.field` or `universal::key`. */
  key: string;
  /** How the user knows the target (`Employee.Date of Birth`, `Current Date`), for explanations. */
  label: string;
  /** Position in the listing order (table fields, rules, linked tables, universal): tie-breaker. */
  order: number;
  kind: 'field' | 'rule' | 'linked' | 'universal';
  /** Table field type vocabulary (rules are strings). */
  type: string;
  /** Alternative wordings: name, label, and for some targets known phrasings. */
  wordings: Wording[];
  /** Words that confirm the target when the PDF field mentions them (table, link field). */
  context: Term[];
  /** Linked targets: a PDF field that never mentions the link is less likely to mean it. */
  needsContext: boolean;
  /** Shortest value, in characters (a 2-character box cannot take an SSN). */
  minLength: number;
  /** Universal values can fill any number of PDF fields; table fields go to one each. */
  reusable: boolean;
  /** Parties the target belongs to (`Preparer.Phone`, `employer_name`), see parties.ts. */
  parties: ReadonlySet<string>;
};

/** One way of naming a target. */
export type Wording = {
  /** One term per concept. */
  terms: Term[];
  /** `terms` and the target's context: what may account for a PDF field's words. */
  explainers: Term[];
  /**
   * Must account for the whole PDF field, not just appear in it: "Employer" alone means the
   * linked employer's name, "Employer start date" does not; "Date" alone is today.
   */
  isStrict: boolean;
};

/** One way a PDF field describes itself (its name, tooltip, printed label…). */
export type FieldSource = {
  /**
   * `authored`: name and tooltip; `label`: printed text nearby; `all`: both; `candidate`: another
   * printed text the layout finder ranked as a possible caption (label_candidates).
   */
  kind: 'authored' | 'label' | 'all' | 'candidate';
  terms: Term[];
  /** How far this source is trusted: names are authored, labels are found by geometry. */
  weight: number;
};

/** What the engine knows about one PDF field. */
export type FieldProfile = {
  name: string;
  /** Position in the template's field order: tie-breaker. */
  order: number;
  page: number;
  pdfType: string;
  /** Distinct option texts, trimmed and lower-cased. */
  options: readonly string[];
  maxLength: number | undefined;
  sources: FieldSource[];
  /** Words of enclosing groups (`Dependents`, `Preparer`): context, not the field's own name. */
  context: Term[];
  isDateLike: boolean;
  isNumberLike: boolean;
  /** The name without page markers (`surface p2` → `surface`), for fields repeated per page. */
  repeatKey: string;
  /**
   * Rows of a repeated block (`PRENOMSRow1…8`, `Nombre_pdp1…4`, `Adresse 1` / `Adresse 2`):
   * the first row may take a table field, later rows describe other people or lines.
   */
  row: 'first' | 'later' | null;
  /**
   * A bare numbered name without tooltip (`date2`): one of several like it, so a universal value
   * (today's date) needs the printed label to call for it too.
   */
  isNumberedName: boolean;
  /** Parties the field's name or tooltip speak of (preparer, employer…), parties.ts. */
  parties: ReadonlySet<string>;
  /** Parties its section heading speaks of: weaker, a heading can cover more than its block. */
  sectionParties: ReadonlySet<string>;
  /**
   * Parties named by the nearest heading above a box that has no heading of its own, on its
   * page (regions.ts `partiesAbove`): the box may be theirs, its owner is uncertain.
   */
  partiesAbove: ReadonlySet<string>;
  /** Whose region of the page the box sits in (regions.ts); set with the rows, across fields. */
  region: Region;
  /** A date of the request itself ("From", "To", "Dates of previous application"): not today. */
  isPerRequestDate: boolean;
  /** Boxes named like this one plus a word or two (name-siblings.ts); set across fields. */
  nameSiblings: readonly NameSibling[];
};

/**
 * The words the targets use, as written, and every proper prefix of three letters or more: what
 * abbreviations and run-together words in PDF names may stand for (`emp` → `employeur`).
 */
export type Vocabulary = { words: ReadonlySet<string>; prefixes: ReadonlySet<string> };

/** A PDF field and a target it could take, with the score that ranks the pair. */
export type ScoredPair = { field: FieldProfile; target: Target; score: number };
