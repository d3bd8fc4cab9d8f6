import { z } from 'zod';
import type { ValidationIssue } from './errors.ts';
import { convertValueForType, getEmptyValue, isEmptyValue } from './records-values.ts';
import type { Field, FieldType } from './tables.ts';

/** A file attached to a record (spec §3 File value); also the upload response. */
export const storedFileSchema = z.object({
  id: z.string(),
  filename: z.string(),
  file_size: z.number().int().nonnegative(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/**
 * A record's file as the API returns it (the upload's 201, and each file of a record's file
 * field): the File value plus what a UI links to.
 */
export const recordFileSchema = storedFileSchema.extend({
  field_name: z.string(),
  content_type: z.string(),
  created_at: z.string(),
  /** Signed, expiring URL of the file relative to the API host (GET /api/v1/files/{id}). */
  file_path: z.string(),
});
export type RecordFile = z.infer<typeof recordFileSchema>;

const recordDataSchema = z.record(z.string(), z.unknown());

/**
 * POST and PUT /api/v1/dynamic-tables/{id}/records[/{recordId}]: values by field name (PUT: the
 * whole record). PATCH takes the same shape and changes only the fields it names.
 */
export const recordBodySchema = z.object({ data: recordDataSchema });
export type RecordBody = z.infer<typeof recordBodySchema>;

/** A record as the API returns it; file fields hold a list of StoredFile. */
export const recordSchema = z.object({
  id: z.string(),
  table_id: z.string(),
  data: recordDataSchema,
  created_at: z.string(),
  updated_at: z.string(),
  /** 1 when created, one more with every change of its values; the `ETag` is `"<version>"`. */
  version: z.number().int().positive(),
});
export type TableRecord = z.infer<typeof recordSchema>;

/**
 * A record as the record routes answer it: `data` holds every field of the table (file fields as
 * lists of RecordFile), `computed` what the server derives and never stores.
 */
export const recordResponseSchema = recordSchema.extend({
  computed: z.object({
    /** The spec's record display-name rule (§3). */
    display_name: z.string(),
    /** Each combination rule's value, by rule name (the read-only rule columns). */
    combinations: z.record(z.string(), z.string()),
  }),
});
export type RecordResponse = z.infer<typeof recordResponseSchema>;

/**
 * 412 of a PATCH or PUT whose `If-Match` names an older version: the record as it is now, so
 * the client can show both values and send again with `If-Match: "<current.version>"`.
 */
export const recordConflictSchema = z.object({
  detail: z.string(),
  code: z.literal('record_changed'),
  current: recordResponseSchema,
});
export type RecordConflict = z.infer<typeof recordConflictSchema>;

const TYPE_EXPECTATIONS: Readonly<Record<FieldType, string>> = {
  string: 'must be text.',
  number: 'must be a number.',
  date: 'must be a date in YYYY-MM-DD format.',
  boolean: 'must be true or false.',
  email: 'must be a valid email address.',
  link: 'must be the id of a record in the linked table.',
  file: 'must be a list of uploaded files.',
};

/** Messages of the record rules; the required one is the spec's, word for word (§5 Record form). */
export const RECORD_MESSAGES = {
  dataNotObject: 'Record data must be an object.',
  unknownField: (key: string) => `Unknown field '${key}'.`,
  required: (name: string) => `Field '${name}' is required.`,
  invalidValue: (name: string, type: FieldType) => `Field '${name}' ${TYPE_EXPECTATIONS[type]}`,
} as const;

export type RecordValidationOptions = {
  /**
   * Validate only the keys present (public data forms, which change some fields). Otherwise the
   * data is the whole record: missing fields are checked for `required` and filled with their
   * empty value.
   */
  partial?: boolean;
  /** Where the data sits in the request body, for `loc`; `['data']` by default. */
  locPrefix?: ValidationIssue['loc'];
};

export type RecordValidationResult = {
  value: Record<string, unknown>;
  errors: ValidationIssue[];
};

type RecordField = Pick<Field, 'name' | 'type' | 'required'>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks record data against the table's fields and returns it normalised: numbers from numeric
 * strings, trimmed text, strict 'YYYY-MM-DD' dates, booleans from true/false words, file values as
 * lists of file ids, empty values as null (false for booleans, [] for files). Absent file fields
 * stay absent, so a save that leaves files out never detaches them. Required file fields are not
 * enforced here: files can only be uploaded after the record exists (spec §4).
 */
export function validateRecordData(
  fields: readonly RecordField[],
  data: unknown,
  options: RecordValidationOptions = {},
): RecordValidationResult {
  const prefix = options.locPrefix ?? ['data'];
  if (!isPlainObject(data)) {
    return {
      value: {},
      errors: [{ loc: prefix, msg: RECORD_MESSAGES.dataNotObject, type: 'type_error' }],
    };
  }
  const errors: ValidationIssue[] = [];
  // Built as entries so a field named '__proto__' becomes a plain key, never the prototype.
  const entries: Array<[string, unknown]> = [];
  const known = new Set(fields.map((field) => field.name));
  for (const key of Object.keys(data)) {
    if (!known.has(key)) {
      errors.push({
        loc: [...prefix, key],
        msg: RECORD_MESSAGES.unknownField(key),
        type: 'extra_forbidden',
      });
    }
  }
  for (const field of fields) {
    const isPresent = Object.hasOwn(data, field.name);
    if (!isPresent && (options.partial || field.type === 'file')) {
      continue;
    }
    const raw = isPresent ? data[field.name] : undefined;
    const loc = [...prefix, field.name];
    if (isEmptyValue(raw)) {
      if (field.required && field.type !== 'file' && field.type !== 'boolean') {
        errors.push({ loc, msg: RECORD_MESSAGES.required(field.name), type: 'missing' });
      }
      entries.push([field.name, getEmptyValue(field.type)]);
      continue;
    }
    const converted = convertValueForType(raw, field.type);
    if (converted.ok) {
      entries.push([field.name, converted.value]);
    } else {
      errors.push({
        loc,
        msg: RECORD_MESSAGES.invalidValue(field.name, field.type),
        type: 'value_error',
      });
    }
  }
  return { value: Object.fromEntries(entries), errors };
}
