import { z } from 'zod';

// `mapped_field_key` names what fills a PDF field (contract.md "Mappings"):
//   'Total Paid'              a field or combination rule of the mapped table
//   'client.Full Name'        a field of the table linked through the link field 'client'
//   'client::Full Name'       the same, as the visual panel writes it; stored in the '.' form
//   'universal::current_date' a universal dynamic value
// Field and rule names never contain '.' or ':', which is what makes this unambiguous.

export type MappingKey =
  | { kind: 'field'; field: string }
  | { kind: 'linked'; linkField: string; field: string }
  | { kind: 'universal'; key: string };

export const UNIVERSAL_PREFIX = 'universal::';
const LINK_SEPARATOR = '.';
const LEGACY_LINK_SEPARATOR = '::';

export const MAPPING_KEY_MESSAGE =
  "mapped_field_key must be 'field', 'linkfield.field', 'linkfield::field' or 'universal::key'";

// A part is a field name, a rule name or a universal key: non-empty, without '.' or ':'.
// Names are stored trimmed and NFC (tables.ts), so keys are compared in the same form.
function isValidPart(part: string): boolean {
  return part !== '' && !/[.:]/.test(part);
}

function splitOnce(text: string, separator: string): [string, string] | null {
  const at = text.indexOf(separator);
  return at < 0 ? null : [text.slice(0, at), text.slice(at + separator.length)];
}

/**
 * Reads a `mapped_field_key` into its kind and parts; null when it fits none of the forms.
 * 'universal::x' always means the universal value: a link field that happens to be named
 * 'universal' is addressed in the stored '.' form, 'universal.x'.
 */
export function parseMappingKey(raw: string): MappingKey | null {
  const text = raw.normalize('NFC').trim();
  if (text.startsWith(UNIVERSAL_PREFIX)) {
    const key = text.slice(UNIVERSAL_PREFIX.length).trim();
    return isValidPart(key) ? { kind: 'universal', key } : null;
  }
  const linked = splitOnce(text, LEGACY_LINK_SEPARATOR) ?? splitOnce(text, LINK_SEPARATOR);
  if (linked) {
    const linkField = linked[0].trim();
    const field = linked[1].trim();
    return isValidPart(linkField) && isValidPart(field)
      ? { kind: 'linked', linkField, field }
      : null;
  }
  return isValidPart(text) ? { kind: 'field', field: text } : null;
}

/** Writes a mapping key in its stored form ('.' between a link field and its target field). */
export function formatMappingKey(key: MappingKey): string {
  switch (key.kind) {
    case 'field':
      return key.field;
    case 'linked':
      return `${key.linkField}${LINK_SEPARATOR}${key.field}`;
    case 'universal':
      return `${UNIVERSAL_PREFIX}${key.key}`;
  }
}

/** The stored form of a raw key ('a::b' becomes 'a.b'); null when the key is invalid. */
export function normalizeMappingKey(raw: string): string | null {
  const parsed = parseMappingKey(raw);
  return parsed ? formatMappingKey(parsed) : null;
}

/** A `mapped_field_key` in a request body: accepts every form, outputs the stored form. */
export const mappedFieldKeySchema = z.string().transform((raw, ctx) => {
  const normalized = normalizeMappingKey(raw);
  if (normalized === null) {
    ctx.addIssue({ code: 'custom', message: MAPPING_KEY_MESSAGE });
    return z.NEVER;
  }
  return normalized;
});
