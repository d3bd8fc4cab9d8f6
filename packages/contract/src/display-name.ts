import { computeCombinationValue, type CombinationRuleLike } from './combination.ts';
import { LINK_ID_SHORTEN_THRESHOLD, SHORT_ID_LENGTH, UUID_LENGTH } from './limits.ts';
import { readValue } from './records-values.ts';
import type { FieldType } from './tables.ts';

// How a record is named wherever it appears: completed-form cards, generation results, link
// cells, the data-link dialog, download file names. The server and the web must agree, so the
// rules live here once.

export type DisplayNameTable = {
  fields: ReadonlyArray<{ name: string; type: FieldType }>;
  combination_rules?: readonly CombinationRuleLike[] | null;
  use_display_field?: boolean | null;
  display_field_key?: string | null;
};

export type DisplayNameRecord = { id: string; data: Readonly<Record<string, unknown>> };

const COMBINATION_NAME_HINTS = ['name', 'title', 'display', 'label', 'identifier'];
const NAME_FIELD_KEYS = [
  'name',
  'client_name',
  'company_name',
  'full_name',
  'title',
  'identifier',
  'email',
  'username',
  'display_name',
];
const LINK_LABEL_KEYS = ['name', 'title'];
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ELLIPSIS = '...';
const KEY_FORM_CACHE_SIZE = 10_000;
const keyForms = new Map<string, string>();

/**
 * The spelling a field name is matched by: users bring 'Full Name', 'full-name' and 'fullName'
 * from their spreadsheets, and all of them mean the spec's `full_name`.
 */
export function toFieldKeyForm(name: string): string {
  let keyForm = keyForms.get(name);
  if (keyForm === undefined) {
    keyForm = name
      .trim()
      .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1_$2')
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    // Naming one record asks this for each name key and field (9 × fields); a records page
    // repeated those regular expressions for every row. Field names are few; the bound only
    // keeps a long-running process from growing without end.
    if (keyForms.size >= KEY_FORM_CACHE_SIZE) {
      keyForms.clear();
    }
    keyForms.set(name, keyForm);
  }
  return keyForm;
}

// "Does not contain id or uuid" is read word by word, so 'Customer ID', 'user_id' and 'recordUuid'
// are skipped while 'Provider' and 'Video title' are not.
function isIdLikeName(name: string): boolean {
  const words = toFieldKeyForm(name).split(/[^\p{L}\p{N}]+/u);
  return words.some((word) => word === 'id' || word === 'uuid');
}

// Only text and numbers name a record; a Yes/No or a file list would be a meaningless name.
function toNameText(value: unknown): string | null {
  if (typeof value === 'string') {
    return value.trim() === '' ? null : value.trim();
  }
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
}

function readText(record: DisplayNameRecord, fieldName: string): string | null {
  return toNameText(readValue(record.data, fieldName));
}

function findByKeys(table: DisplayNameTable, record: DisplayNameRecord, keys: readonly string[]) {
  for (const key of keys) {
    for (const field of table.fields) {
      const text = toFieldKeyForm(field.name) === key ? readText(record, field.name) : null;
      if (text !== null) {
        return text;
      }
    }
  }
  return null;
}

function readDisplayField(table: DisplayNameTable, record: DisplayNameRecord): string | null {
  return table.use_display_field && table.display_field_key
    ? readText(record, table.display_field_key)
    : null;
}

function findCombinationName(table: DisplayNameTable, record: DisplayNameRecord): string | null {
  for (const rule of table.combination_rules ?? []) {
    const ruleName = rule.name.toLowerCase();
    if (COMBINATION_NAME_HINTS.some((hint) => ruleName.includes(hint))) {
      const value = computeCombinationValue(rule, record.data);
      if (value !== '') {
        return value;
      }
    }
  }
  return null;
}

type FieldTest = (name: string, type: FieldType, text: string) => boolean;

function findFirst(table: DisplayNameTable, record: DisplayNameRecord, accept: FieldTest) {
  for (const field of table.fields) {
    const text = readText(record, field.name);
    if (text !== null && accept(field.name, field.type, text)) {
      return text;
    }
  }
  return null;
}

const isUuid = (text: string) => text.length === UUID_LENGTH && UUID_PATTERN.test(text);

/**
 * Names a record by the spec's six steps (§3), first hit wins: the enabled display field; a
 * combination rule named like name/title/display/label/identifier; a field named name,
 * client_name, company_name, full_name, title, identifier, email, username or display_name (in
 * that order); the first Text field not named like an id; any value that is not a UUID;
 * 'Record_{first 8 of id}'.
 */
export function getRecordDisplayName(table: DisplayNameTable, record: DisplayNameRecord): string {
  return (
    readDisplayField(table, record) ??
    findCombinationName(table, record) ??
    findByKeys(table, record, NAME_FIELD_KEYS) ??
    findFirst(table, record, (name, type) => type === 'string' && !isIdLikeName(name)) ??
    findFirst(table, record, (_name, _type, text) => !isUuid(text)) ??
    `Record_${record.id.slice(0, SHORT_ID_LENGTH)}`
  );
}

/** A record id as the records table shows it: the first 8 characters plus an ellipsis. */
export function shortenId(id: string): string {
  return id.length > SHORT_ID_LENGTH ? `${id.slice(0, SHORT_ID_LENGTH)}${ELLIPSIS}` : id;
}

/** A linked record id shown before the linked records load: cut only when over 10 characters. */
export function shortenLinkedRecordId(id: string): string {
  return id.length > LINK_ID_SHORTEN_THRESHOLD ? shortenId(id) : id;
}

/**
 * The text of a link cell (spec §3): the linked table's display field when enabled, else its
 * name field, else its title field, else the first non-empty value, else the shortened id.
 */
export function getLinkedRecordLabel(table: DisplayNameTable, record: DisplayNameRecord): string {
  return (
    readDisplayField(table, record) ??
    findByKeys(table, record, LINK_LABEL_KEYS) ??
    findFirst(table, record, () => true) ??
    shortenLinkedRecordId(record.id)
  );
}
