import { toFieldKeyForm } from './display-name.ts';
import { MAX_UPLOAD_LABEL } from './limits.ts';
import { convertValueForType, isEmptyValue } from './records-values.ts';
import type { FieldType } from './tables.ts';
import type { TemplateFieldType } from './templates.ts';

// What an outsider sees and is told on the public document form (/public-form/{token}) and the
// public data form (/public-data-form/{token}): field types, labels and the per-field rules of
// spec §5 "Public forms, per field". The server checks submissions with these same functions, so
// the browser and the API say the same thing word for word.

/**
 * Input types of public forms. The spec's eight (text, number, email, date, select, checkbox,
 * radio, textarea) plus `file` (data forms only: upload to the record) and `url` (data forms only:
 * the spec's 'Please enter a valid URL' rule).
 */
export const PUBLIC_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'email',
  'url',
  'date',
  'select',
  'radio',
  'checkbox',
  'file',
] as const;
export type PublicFieldType = (typeof PUBLIC_FIELD_TYPES)[number];

/** Which form a rule runs for: the two differ in wording and in what they offer. */
export type PublicFormVariant = 'document' | 'data';

export const PUBLIC_FIELD_MESSAGES = {
  required: (label: string) => `${label} is required`,
  email: { document: 'Invalid email address', data: 'Please enter a valid email address' },
  number: 'Must be a number',
  url: 'Please enter a valid URL',
  date: 'Date must be in YYYY-MM-DD format',
  fileTooLarge: `File size must be less than ${MAX_UPLOAD_LABEL}`,
  // Not worded by the spec: values a browser form cannot produce, sent by hand.
  option: 'Please choose one of the listed options',
  checkbox: 'Must be checked or unchecked',
  text: 'Must be text',
} as const;

export type PublicFieldOption = { value: string; label: string };

/** What the rules need to know about a field. */
export type PublicFieldRule = {
  type: PublicFieldType;
  label: string;
  required: boolean;
  /** Choices of select and radio fields. */
  options?: readonly PublicFieldOption[];
  /** The stored value: a select or radio may keep it even when it is not one of the options. */
  current_value?: unknown;
  /** File fields: whether the record already holds files in it (then it is never missing). */
  has_files?: boolean;
};

/** The PDF field a table field fills, when a template maps it (document forms). */
export type TemplateFieldHint = {
  type: TemplateFieldType;
  options?: readonly PublicFieldOption[];
  multiline?: boolean;
};

// Name words that ask for more than one line, and names that hold a web address.
const LONG_TEXT_WORDS = new Set([
  'notes',
  'note',
  'description',
  'comments',
  'comment',
  'address',
  'message',
  'details',
  'bio',
  'remarks',
]);
const URL_NAMES = new Set(['url', 'website', 'web_site', 'homepage', 'home_page', 'web_address']);

function isUrlName(name: string): boolean {
  const key = toFieldKeyForm(name);
  return URL_NAMES.has(key) || key.endsWith('_url');
}

function isLongTextName(name: string): boolean {
  return toFieldKeyForm(name)
    .split('_')
    .some((word) => LONG_TEXT_WORDS.has(word));
}

function getTextFieldType(
  name: string,
  variant: PublicFormVariant,
  hint: TemplateFieldHint | undefined,
): PublicFieldType {
  const hasOptions = (hint?.options?.length ?? 0) > 0;
  if (hasOptions && (hint?.type === 'dropdown' || hint?.type === 'list')) {
    return 'select';
  }
  if (hasOptions && hint?.type === 'radio') {
    return 'radio';
  }
  if (hint?.multiline || isLongTextName(name)) {
    return 'textarea';
  }
  return variant === 'data' && isUrlName(name) ? 'url' : 'text';
}

/**
 * The input type a table field gets on a public form, or null when it is not offered there.
 * Link fields are never offered (an outsider cannot browse the owner's other records); file
 * fields only on data forms, which have an upload. Text fields become a select or radio when the
 * template fills a choice field with them, a textarea when that PDF field is multi-line or the
 * name reads like notes or an address, and a URL input on data forms when named like a website.
 */
export function getPublicFieldType(
  field: { name: string; type: FieldType },
  variant: PublicFormVariant,
  hint?: TemplateFieldHint,
): PublicFieldType | null {
  switch (field.type) {
    case 'link':
      return null;
    case 'file':
      return variant === 'data' ? 'file' : null;
    case 'boolean':
      return 'checkbox';
    case 'number':
      return 'number';
    case 'email':
      return 'email';
    case 'date':
      return 'date';
    case 'string':
      return getTextFieldType(field.name, variant, hint);
  }
}

/**
 * The label an outsider reads: the table's own label when the owner gave one, otherwise the name
 * with underscores as spaces and each word capitalised ('first_name' → 'First Name', spec §5).
 */
export function getPublicFieldLabel(field: { name: string; label?: string | null }): string {
  const label = field.label?.trim();
  if (label && label !== field.name) {
    return label;
  }
  return field.name
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|\s)(\p{Ll})/gu, (_match, space: string, letter: string) =>
      space.concat(letter.toUpperCase()),
    );
}

// An http(s) address with a dotted host name, as people share websites; no spaces. Written as a
// pattern because the contract runs without the DOM's or Node's URL parser in its types.
const URL_PATTERN =
  /^https?:\/\/(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}[\p{L}\p{N}-]*(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

function isValidUrl(text: string): boolean {
  return URL_PATTERN.test(text);
}

function matchesOption(field: PublicFieldRule, text: string): boolean {
  const wanted = text.toLowerCase();
  const isOption = (field.options ?? []).some(
    (option) => option.value.toLowerCase() === wanted || option.label.toLowerCase() === wanted,
  );
  return isOption || text === field.current_value;
}

function checkFilledValue(
  field: PublicFieldRule,
  value: unknown,
  variant: PublicFormVariant,
): string | null {
  const text = typeof value === 'string' ? value.trim() : null;
  switch (field.type) {
    case 'text':
    case 'textarea':
      return text !== null || typeof value === 'number' ? null : PUBLIC_FIELD_MESSAGES.text;
    case 'number':
      return convertValueForType(value, 'number').ok ? null : PUBLIC_FIELD_MESSAGES.number;
    case 'email':
      return text !== null && convertValueForType(text, 'email').ok
        ? null
        : PUBLIC_FIELD_MESSAGES.email[variant];
    case 'url':
      return text !== null && isValidUrl(text) ? null : PUBLIC_FIELD_MESSAGES.url;
    case 'date':
      return convertValueForType(value, 'date').ok ? null : PUBLIC_FIELD_MESSAGES.date;
    case 'select':
    case 'radio':
      return text !== null && matchesOption(field, text) ? null : PUBLIC_FIELD_MESSAGES.option;
    case 'checkbox':
      return convertValueForType(value, 'boolean').ok ? null : PUBLIC_FIELD_MESSAGES.checkbox;
    case 'file':
      // Files arrive through the upload; the submitted value itself carries nothing to check.
      return null;
  }
}

/**
 * The message for one field's value, or null when it is fine (spec §5 "Public forms, per field").
 * Required fields must not be empty ('{label} is required'); a file field with files is never
 * missing, and a checkbox is an answer either way. Emails differ in wording between the forms.
 */
export function checkPublicFieldValue(
  field: PublicFieldRule,
  value: unknown,
  variant: PublicFormVariant,
): string | null {
  if (field.type === 'file') {
    return field.required && !field.has_files ? PUBLIC_FIELD_MESSAGES.required(field.label) : null;
  }
  if (isEmptyValue(value) || (field.type === 'checkbox' && value === false)) {
    const isMissing = field.required && field.type !== 'checkbox';
    return isMissing ? PUBLIC_FIELD_MESSAGES.required(field.label) : null;
  }
  return checkFilledValue(field, value, variant);
}

/**
 * Every field's message by field id, for a whole form. `values` holds what the visitor entered;
 * a field they left out is checked with its stored `current_value`.
 */
export function getPublicFormErrors(
  fields: ReadonlyArray<PublicFieldRule & { id: string }>,
  values: Readonly<Record<string, unknown>>,
  variant: PublicFormVariant,
): Record<string, string> {
  const errors: Array<[string, string]> = [];
  for (const field of fields) {
    const value = Object.hasOwn(values, field.id) ? values[field.id] : field.current_value;
    const message = checkPublicFieldValue(field, value, variant);
    if (message !== null) {
      errors.push([field.id, message]);
    }
  }
  return Object.fromEntries(errors);
}
