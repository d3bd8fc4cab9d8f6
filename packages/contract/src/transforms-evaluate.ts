import { isEmptyValue } from './records-values.ts';
import { formatDate, formatNumber, formatText, readDay, readNumber } from './transforms-format.ts';
import { parseTemplate, renderTemplate } from './transforms-template.ts';
import type { Transform } from './transforms.ts';

// The one evaluator generation, bulk, merged output, public forms and the preview all call.

/** A mapped value as generation reads it: text, a number, a checkbox state or nothing. */
export type TransformValue = string | number | boolean | null;

export type TransformContext = {
  /** Another value of the same record by mapping key, for template placeholders. */
  lookup: (key: string) => TransformValue;
};

/** The value for the PDF field, and why it is empty or not what was asked for (null when fine). */
export type TransformOutcome = { value: string | boolean | null; note: string | null };

type PartTransform = Extract<Transform, { kind: 'part' }>;

const TRUE_WORDS = new Set(['true', 'yes', '1', 'on', 'checked', 'x']);
const FALSE_WORDS = new Set(['false', 'no', '0', 'off', 'unchecked']);

/** Text of a value as a box shows it: booleans as Yes/No like the fill engine, numbers as is. */
export function toText(value: TransformValue): string {
  if (value === null) {
    return '';
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  return String(value);
}

const normalize = (text: string) => text.normalize('NFC').trim().toLocaleLowerCase();

/** Compares without case or outer spaces; a checkbox value also matches yes/no words. */
function matches(value: TransformValue, wanted: string): boolean {
  const target = normalize(wanted);
  if (typeof value === 'boolean') {
    return value ? TRUE_WORDS.has(target) : FALSE_WORDS.has(target);
  }
  return normalize(toText(value)) === target;
}

const done = (value: string | boolean | null): TransformOutcome => ({ value, note: null });

function emptyOr(text: string): string | null {
  return text === '' ? null : text;
}

function splitGroups(text: string, by: 'digits' | 'words' | 'separators'): string[] {
  if (by === 'digits') {
    return text.match(/\d+/g) ?? [];
  }
  const pattern = by === 'words' ? /\s+/ : /[\s\-/.,]+/;
  return text.split(pattern).filter((part) => part !== '');
}

const alphanumeric = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

function applyPart(text: string, transform: PartTransform): TransformOutcome {
  if (transform.mode === 'chars') {
    const chars = [...(transform.ignore_separators ? alphanumeric(text) : text)];
    const picked = chars.slice(transform.from - 1, transform.to ?? undefined).join('');
    const range = transform.to === null ? `${transform.from}` : `${transform.from}–${transform.to}`;
    return picked === ''
      ? { value: null, note: `"${text}" has no characters ${range}` }
      : done(picked);
  }
  if (transform.mode === 'group') {
    const groups = splitGroups(text, transform.by);
    const picked = groups[transform.index - 1];
    return picked === undefined
      ? { value: null, note: `"${text}" has ${groups.length} groups, not ${transform.index}` }
      : done(picked);
  }
  const chars = [...alphanumeric(text)];
  const start = transform.sizes.slice(0, transform.index - 1).reduce((sum, size) => sum + size, 0);
  const picked = chars.slice(start, start + (transform.sizes[transform.index - 1] ?? 0)).join('');
  return picked === ''
    ? { value: null, note: `"${text}" is too short for group ${transform.index}` }
    : done(picked);
}

/** Runs a transform on a non-empty value (conditions and templates also see empty ones). */
function applyToValue(transform: Transform, value: TransformValue): TransformOutcome {
  const text = toText(value);
  switch (transform.kind) {
    case 'date': {
      const day = typeof value === 'string' ? readDay(value) : null;
      return day
        ? done(formatDate(day, transform))
        : { value: emptyOr(text), note: `"${text}" is not a date; written as it is` };
    }
    case 'number': {
      const number = typeof value === 'boolean' ? null : readNumber(value ?? '');
      return number === null
        ? { value: emptyOr(text), note: `"${text}" is not a number; written as it is` }
        : done(formatNumber(number, transform));
    }
    case 'text': {
      const formatted = emptyOr(formatText(text, transform));
      return formatted === null
        ? { value: null, note: `"${text}" has nothing left after the text format` }
        : done(formatted);
    }
    case 'part':
      return applyPart(text, transform);
    case 'value_map': {
      const entry = transform.entries.find((candidate) => matches(value, candidate.from));
      if (entry) {
        return done(emptyOr(entry.to));
      }
      return transform.otherwise === 'keep'
        ? { value: emptyOr(text), note: `"${text}" is not in the value map; written as it is` }
        : { value: null, note: `"${text}" is not in the value map` };
    }
    default:
      return done(emptyOr(text));
  }
}

function holds(transform: Extract<Transform, { kind: 'condition' }>, value: TransformValue) {
  switch (transform.operator) {
    case 'empty':
      return isEmptyValue(value);
    case 'not_empty':
      return !isEmptyValue(value);
    case 'equals':
      return transform.values[0] !== undefined && matches(value, transform.values[0]);
    default:
      return transform.values.some((wanted) => matches(value, wanted));
  }
}

/**
 * The value a PDF field receives: `value` is the mapped target's value (dates 'YYYY-MM-DD'),
 * `context.lookup` reads template placeholders. Never throws: a value the transform cannot read
 * is written as it is (or left empty) with a note saying so.
 */
export function applyTransform(
  transform: Transform,
  value: TransformValue,
  context: TransformContext,
): TransformOutcome {
  if (transform.kind === 'condition') {
    const isMet = holds(transform, value);
    return done(transform.option === null ? isMet : isMet ? transform.option : null);
  }
  if (transform.kind === 'template') {
    const parsed = parseTemplate(transform.template);
    if (!parsed.ok) {
      return { value: null, note: parsed.message };
    }
    const text = renderTemplate(parsed.parts, (key) => toText(context.lookup(key)));
    return text === '' ? { value: null, note: 'Every value in the template is empty' } : done(text);
  }
  if (isEmptyValue(value)) {
    return done(null);
  }
  return applyToValue(transform, value);
}
