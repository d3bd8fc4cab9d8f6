import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import type { FieldType } from './tables.ts';

// One coercion per field type, used both for incoming record values and for existing values
// when a field changes type, so "what a Number field holds" has a single definition.

export type ConversionResult = { ok: true; value: unknown } | { ok: false };

// Plain decimal notation as people type it ('42', '-3.5', '.5', '1e3'); no hex, no '1,5', no ''.
const NUMBER_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
// HTML checkboxes send 'on'; spreadsheets say yes/no; the PDF side accepts the same words.
const TRUE_WORDS = new Set(['true', 'yes', '1', 'on']);
const FALSE_WORDS = new Set(['false', 'no', '0', 'off']);
const emailSchema = z.email();

/** Reads an own property only, so a field named '__proto__' or 'toString' reads its own value. */
export function readValue(data: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(data, key) ? data[key] : undefined;
}

/** True for null, undefined, a blank string and an empty list: what "no value" looks like. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) {
    return true;
  }
  if (typeof value === 'string') {
    return value.trim() === '';
  }
  return Array.isArray(value) && value.length === 0;
}

/** The stored form of "no value": booleans default to false (spec §5), files to no files. */
export function getEmptyValue(type: FieldType): unknown {
  if (type === 'boolean') {
    return false;
  }
  return type === 'file' ? [] : null;
}

const ok = (value: unknown): ConversionResult => ({ ok: true, value });
const FAILED: ConversionResult = { ok: false };

function toText(value: unknown): ConversionResult {
  if (typeof value === 'string') {
    return ok(value.trim());
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    return ok(String(value));
  }
  // The words the table shows for a boolean cell, so a Yes/No column reads the same as Text.
  return typeof value === 'boolean' ? ok(value ? 'Yes' : 'No') : FAILED;
}

function toNumber(value: unknown): ConversionResult {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? ok(value) : FAILED;
  }
  if (typeof value === 'string' && NUMBER_PATTERN.test(value.trim())) {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? ok(parsed) : FAILED;
  }
  return FAILED;
}

function toBoolean(value: unknown): ConversionResult {
  if (typeof value === 'boolean') {
    return ok(value);
  }
  if (value === 1 || value === 0) {
    return ok(value === 1);
  }
  const word = typeof value === 'string' ? value.trim().toLowerCase() : null;
  if (word !== null && TRUE_WORDS.has(word)) {
    return ok(true);
  }
  return word !== null && FALSE_WORDS.has(word) ? ok(false) : FAILED;
}

// A list of file ids or file objects as the API returns them. A bare string is refused: when a
// Text field becomes a File field, 'Jane' must fail, not turn into a file id.
function toFileIds(value: unknown): ConversionResult {
  const isSingleFile = typeof value === 'object' && value !== null && !Array.isArray(value);
  const items: unknown[] | null = Array.isArray(value) ? value : isSingleFile ? [value] : null;
  if (items === null) {
    return FAILED;
  }
  // A set, not includes per item: a list of 100,000 ids costs 100,000 steps, not 10^10.
  const ids = new Set<string>();
  for (const item of items) {
    const id = typeof item === 'object' && item !== null && 'id' in item ? item.id : item;
    if (typeof id !== 'string' || id.trim() === '') {
      return FAILED;
    }
    ids.add(id.trim());
  }
  return ok([...ids]);
}

function toTypedValue(type: FieldType, value: unknown): ConversionResult {
  const text = typeof value === 'string' ? value.trim() : null;
  switch (type) {
    case 'string':
      return toText(value);
    case 'number':
      return toNumber(value);
    case 'boolean':
      return toBoolean(value);
    case 'date':
      return text !== null && isIsoDate(text) ? ok(text) : FAILED;
    case 'email':
      return text !== null && emailSchema.safeParse(text).success ? ok(text) : FAILED;
    case 'link':
      // A record id; whether that record exists in the linked table is the server's check.
      return text !== null ? ok(text) : FAILED;
    case 'file':
      return toFileIds(value);
  }
}

/**
 * Converts a value to what a field of `type` stores: numeric strings become numbers, dates must be
 * real 'YYYY-MM-DD' days, files become a list of file ids. Empty values become the type's empty
 * value. Used when a field's type changes, to check every existing value before committing.
 */
export function convertValueForType(value: unknown, type: FieldType): ConversionResult {
  if (isEmptyValue(value)) {
    return ok(getEmptyValue(type));
  }
  return toTypedValue(type, value);
}
