// Everything a PDF field can be mapped to, described in terms: the table's fields and
// combination rules, the fields and rules of linked tables (`link.field`), and the universal
// dynamic values. File fields never fill a PDF field and link fields are containers, so neither
// is a target.
import type { UniversalField } from '@formbridge/contract/mappings';
import { UNIVERSAL_PREFIX } from '@formbridge/contract/mapping-keys';
import { minLengthOf, termsOf, type Term } from './lexicon.ts';
import { partiesIn } from './parties.ts';
import type { SuggestInput, SuggestTable, Target, Vocabulary, Wording } from './suggest-types.ts';

// How universal values are worded on forms, beyond their own labels. "Date" alone on a form
// means the date it is filled in; so do the signature and request dates.
const UNIVERSAL_PHRASES: Readonly<Record<string, readonly string[]>> = {
  current_date: [
    'date',
    'today',
    "today's date",
    'date signed',
    'signature date',
    'date of signature',
    'request date',
    'date of request',
    'application date',
  ],
  current_datetime: ['date and time', 'timestamp'],
  current_time: ['time'],
  // A bare "Day", "Month" or "Year" is part of any date (of birth, of a leave): only a box that
  // says it is part of a date is today's day, month or year.
  current_day: ['date day', 'day of date'],
  current_month: ['date month', 'month of date'],
  current_year: ['date year', 'year of date'],
  // "My email" reads as plain "email", which on a form is the record's person's, not the user's.
  user_email: ['user email'],
  record_id: ['record id', 'record number'],
  record_display_name: ['record name'],
  template_name: ['template name', 'form name', 'document name'],
  table_name: ['table name'],
};

// Today's day, month and year are worded only by their phrases: their labels ("Current Day (DD)")
// would let any bare "Day" box match most of them.
const DATE_PARTS = new Set(['current_day', 'current_month', 'current_year']);

// Shortest value of each universal field: a 2-character box takes a day or a month, not a date.
const UNIVERSAL_MIN_LENGTH: Readonly<Record<string, number>> = {
  current_date: 6,
  current_datetime: 10,
  current_time: 4,
  current_day: 2,
  current_month: 2,
  current_year: 4,
  user_email: 6,
};

// Concepts that make a linked field the linked record's name: "Employer" alone on a form means
// the employer's name, so `employer.Name` is also worded by the link field itself.
const NAME_CONCEPTS = new Set(['name', 'full_name']);

function uniqueTerms(terms: readonly Term[]): Term[] {
  const byConcept = new Map<string, Term>();
  for (const term of terms) {
    if (!byConcept.has(term.concept)) {
      byConcept.set(term.concept, term);
    }
  }
  return [...byConcept.values()];
}

/** The distinct wordings of some texts (a label equal to the name is one wording). */
function wordingsOf(texts: readonly string[], context: Term[], isStrict: boolean): Wording[] {
  const seen = new Set<string>();
  const wordings: Wording[] = [];
  for (const text of texts) {
    const terms = uniqueTerms(termsOf(text));
    const key = terms.map((term) => term.concept).join(' ');
    if (terms.length > 0 && !seen.has(key)) {
      seen.add(key);
      wordings.push({ terms, explainers: [...terms, ...context], isStrict });
    }
  }
  return wordings;
}

function minLengthFor(type: string, wordings: readonly Wording[]): number {
  const own = wordings[0]?.terms ?? [];
  // The field's own name decides: "Spouse SSN" and "Firm EIN" are still 9 digits.
  const byConcept = Math.max(0, ...own.map((term) => minLengthOf(term.concept)));
  const byType = type === 'date' || type === 'email' ? 6 : 0;
  // One-character boxes hold one digit of a split number (CFDA 1.2.3.4.5) — or a middle initial.
  const isInitial = own.some((term) => term.concept === 'middle_initial');
  const byDefault = type === 'string' && !isInitial ? 2 : 0;
  return Math.max(byConcept, byType, byDefault);
}

function isNameLike(wordings: readonly Wording[]): boolean {
  return wordings.some(({ terms }) => terms.every((term) => NAME_CONCEPTS.has(term.concept)));
}

function tableTargets(
  table: SuggestTable,
  prefix: string,
  context: Term[],
  linkWords: Term[] | null,
  next: () => number,
): Target[] {
  const targets: Target[] = [];
  const kind = linkWords ? 'linked' : 'field';
  for (const field of table.fields) {
    if (field.type === 'file' || field.type === 'link') {
      continue;
    }
    const wordings = wordingsOf([field.name, field.label], context, false);
    if (linkWords !== null && linkWords.length > 0 && isNameLike(wordings)) {
      wordings.push({ terms: linkWords, explainers: [...linkWords, ...context], isStrict: true });
    }
    targets.push({
      key: prefix + field.name,
      label: prefix + (field.label || field.name),
      order: next(),
      kind,
      type: field.type,
      wordings,
      context,
      needsContext: linkWords !== null,
      minLength: minLengthFor(field.type, wordings),
      reusable: false,
      parties: partiesIn(prefix, field.name, field.label, table.name),
    });
  }
  for (const rule of table.combination_rules) {
    targets.push({
      key: prefix + rule.name,
      label: prefix + (rule.label || rule.name),
      order: next(),
      kind: linkWords ? 'linked' : 'rule',
      type: 'string',
      wordings: wordingsOf([rule.name, rule.label], context, false),
      context,
      needsContext: linkWords !== null,
      minLength: 0,
      reusable: false,
      parties: partiesIn(prefix, rule.name, rule.label, table.name),
    });
  }
  return targets;
}

function universalTargets(fields: readonly UniversalField[], next: () => number): Target[] {
  return fields.map((field) => ({
    key: `${UNIVERSAL_PREFIX}${field.key}`,
    label: field.label,
    order: next(),
    kind: 'universal' as const,
    type: field.type,
    // "Date" alone is today; "Date of injury" is not: universal values must explain the field.
    wordings: wordingsOf(
      DATE_PARTS.has(field.key)
        ? (UNIVERSAL_PHRASES[field.key] ?? [])
        : [field.label, field.key.replaceAll('_', ' '), ...(UNIVERSAL_PHRASES[field.key] ?? [])],
      [],
      true,
    ),
    context: [],
    needsContext: false,
    minLength: UNIVERSAL_MIN_LENGTH[field.key] ?? 0,
    reusable: true,
    parties: new Set<string>(),
  }));
}

/** Every target of the input, in listing order: table, rules, linked tables, universal values. */
export function buildTargets(input: SuggestInput): Target[] {
  let order = 0;
  const next = () => order++;
  const targets = tableTargets(input.table, '', termsOf(input.table.name), null, next);
  for (const linked of input.linkedTables) {
    const linkWords = termsOf(linked.linkField);
    const context = [...linkWords, ...termsOf(linked.table.name)];
    targets.push(...tableTargets(linked.table, `${linked.linkField}.`, context, linkWords, next));
  }
  targets.push(...universalTargets(input.universalFields, next));
  return targets;
}

const MIN_PREFIX = 3;

/** Every word the targets use, as written, with its prefixes (see Vocabulary). */
export function targetVocabulary(targets: readonly Target[]): Vocabulary {
  const words = new Set<string>();
  const prefixes = new Set<string>();
  for (const target of targets) {
    for (const term of [...target.wordings.flatMap((w) => w.terms), ...target.context]) {
      words.add(term.raw);
      for (let end = MIN_PREFIX; end < term.raw.length; end++) {
        prefixes.add(term.raw.slice(0, end));
      }
    }
  }
  return { words, prefixes };
}
