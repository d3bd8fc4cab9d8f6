import { describe, expect, it } from 'vitest';
import {
  checkPublicFieldValue,
  getPublicFieldLabel,
  getPublicFieldType,
  getPublicFormErrors,
  PUBLIC_FIELD_MESSAGES,
  type PublicFieldRule,
} from './public-form-rules.ts';
import {
  buildPublicDataFormUrl,
  buildPublicFormUrl,
  dataLinkCreateBodySchema,
  dataLinkUpdateBodySchema,
  isLinkExpired,
  PUBLIC_LINK_MESSAGES,
  publicDataSubmitBodySchema,
} from './public-links.ts';

const rule = (type: PublicFieldRule['type'], extra: Partial<PublicFieldRule> = {}) => ({
  type,
  label: 'Field',
  required: false,
  ...extra,
});

describe('public field labels', () => {
  it('derives labels from names: underscores become spaces, words are capitalised', () => {
    expect(getPublicFieldLabel({ name: 'first_name', label: 'first_name' })).toBe('First Name');
    expect(getPublicFieldLabel({ name: 'email' })).toBe('Email');
    expect(getPublicFieldLabel({ name: 'Total Paid 2024' })).toBe('Total Paid 2024');
    expect(getPublicFieldLabel({ name: 'prénom_de__famille' })).toBe('Prénom De Famille');
  });

  it('keeps a label the owner wrote', () => {
    expect(getPublicFieldLabel({ name: 'dob', label: 'Date of birth' })).toBe('Date of birth');
  });
});

describe('public field types', () => {
  it('normalises table types and leaves out links everywhere and files on document forms', () => {
    const type = (t: Parameters<typeof getPublicFieldType>[0]['type'], v: 'document' | 'data') =>
      getPublicFieldType({ name: 'x', type: t }, v);
    expect(type('string', 'document')).toBe('text');
    expect(type('number', 'document')).toBe('number');
    expect(type('email', 'data')).toBe('email');
    expect(type('date', 'data')).toBe('date');
    expect(type('boolean', 'data')).toBe('checkbox');
    expect(type('file', 'data')).toBe('file');
    expect(type('file', 'document')).toBeNull();
    expect(type('link', 'data')).toBeNull();
    expect(type('link', 'document')).toBeNull();
  });

  it('turns text into select, radio or textarea after the PDF field it fills', () => {
    const options = [{ value: 'A', label: 'Option A' }];
    const text = { name: 'choice', type: 'string' as const };
    expect(getPublicFieldType(text, 'document', { type: 'dropdown', options })).toBe('select');
    expect(getPublicFieldType(text, 'document', { type: 'list', options })).toBe('select');
    expect(getPublicFieldType(text, 'document', { type: 'radio', options })).toBe('radio');
    expect(getPublicFieldType(text, 'document', { type: 'radio' })).toBe('text');
    expect(getPublicFieldType(text, 'document', { type: 'text', multiline: true })).toBe(
      'textarea',
    );
  });

  it('reads long-text and website names', () => {
    expect(getPublicFieldType({ name: 'Mailing Address', type: 'string' }, 'data')).toBe(
      'textarea',
    );
    expect(getPublicFieldType({ name: 'website', type: 'string' }, 'data')).toBe('url');
    expect(getPublicFieldType({ name: 'homepage_url', type: 'string' }, 'data')).toBe('url');
    expect(getPublicFieldType({ name: 'website', type: 'string' }, 'document')).toBe('text');
  });
});

describe('checkPublicFieldValue', () => {
  it("reports required fields as '{label} is required'", () => {
    const field = rule('text', { label: 'Full Name', required: true });
    expect(checkPublicFieldValue(field, '  ', 'document')).toBe('Full Name is required');
    expect(checkPublicFieldValue(field, null, 'data')).toBe('Full Name is required');
    expect(checkPublicFieldValue(field, 'Ada', 'data')).toBeNull();
  });

  it('exempts file fields that already hold files, and checkboxes', () => {
    const file = rule('file', { label: 'Passport', required: true });
    expect(checkPublicFieldValue(file, null, 'data')).toBe('Passport is required');
    expect(checkPublicFieldValue({ ...file, has_files: true }, null, 'data')).toBeNull();
    expect(checkPublicFieldValue(rule('checkbox', { required: true }), false, 'data')).toBeNull();
  });

  it('words e-mail problems per form', () => {
    expect(checkPublicFieldValue(rule('email'), 'nope', 'document')).toBe('Invalid email address');
    expect(checkPublicFieldValue(rule('email'), 'nope', 'data')).toBe(
      'Please enter a valid email address',
    );
    expect(checkPublicFieldValue(rule('email'), 'ada@example.com', 'data')).toBeNull();
  });

  it('checks numbers, dates and URLs with the spec’s messages', () => {
    expect(checkPublicFieldValue(rule('number'), '12a', 'data')).toBe('Must be a number');
    expect(checkPublicFieldValue(rule('number'), '-3.5', 'data')).toBeNull();
    expect(checkPublicFieldValue(rule('number'), 42, 'document')).toBeNull();
    expect(checkPublicFieldValue(rule('date'), '05/01/2025', 'data')).toBe(
      'Date must be in YYYY-MM-DD format',
    );
    expect(checkPublicFieldValue(rule('date'), '2025-02-30', 'data')).toBe(
      'Date must be in YYYY-MM-DD format',
    );
    expect(checkPublicFieldValue(rule('date'), '2025-01-05', 'data')).toBeNull();
    expect(checkPublicFieldValue(rule('url'), 'example', 'data')).toBe('Please enter a valid URL');
    expect(checkPublicFieldValue(rule('url'), 'javascript:alert(1)', 'data')).toBe(
      'Please enter a valid URL',
    );
    expect(checkPublicFieldValue(rule('url'), 'https://exämple.org/a?b=1', 'data')).toBeNull();
  });

  it('accepts options by value or label, and the value already stored', () => {
    const options = [{ value: 'M', label: 'Married' }];
    const field = rule('select', { options, current_value: 'Legacy' });
    expect(checkPublicFieldValue(field, 'm', 'document')).toBeNull();
    expect(checkPublicFieldValue(field, 'married', 'document')).toBeNull();
    expect(checkPublicFieldValue(field, 'Legacy', 'document')).toBeNull();
    expect(checkPublicFieldValue(field, 'Other', 'document')).toBe(PUBLIC_FIELD_MESSAGES.option);
  });

  it('refuses values no form input produces', () => {
    expect(checkPublicFieldValue(rule('text'), { a: 1 }, 'data')).toBe(PUBLIC_FIELD_MESSAGES.text);
    expect(checkPublicFieldValue(rule('checkbox'), 'maybe', 'data')).toBe(
      PUBLIC_FIELD_MESSAGES.checkbox,
    );
    expect(checkPublicFieldValue(rule('checkbox'), 'on', 'data')).toBeNull();
  });

  it('states the upload limit as the spec does', () => {
    expect(PUBLIC_FIELD_MESSAGES.fileTooLarge).toBe('File size must be less than 10MB');
  });
});

describe('getPublicFormErrors', () => {
  it('checks left-out fields with their stored value', () => {
    const fields = [
      { id: 'name', ...rule('text', { label: 'Name', required: true, current_value: 'Ada' }) },
      { id: 'age', ...rule('number', { label: 'Age', required: true, current_value: null }) },
      { id: 'mail', ...rule('email', { label: 'Mail' }) },
    ];
    expect(getPublicFormErrors(fields, { mail: 'x' }, 'document')).toEqual({
      age: 'Age is required',
      mail: 'Invalid email address',
    });
  });
});

describe('data link bodies', () => {
  it('defaults to active, no message and no expiry', () => {
    expect(dataLinkCreateBodySchema.parse({})).toEqual({
      is_active: true,
      custom_message: null,
      expires_at: null,
    });
  });

  it('wants an expiry in the future with a time zone; blank means never', () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(dataLinkCreateBodySchema.parse({ expires_at: future }).expires_at).toBe(future);
    expect(dataLinkCreateBodySchema.parse({ expires_at: '' }).expires_at).toBeNull();
    const past = dataLinkCreateBodySchema.safeParse({ expires_at: '2020-01-01T00:00:00Z' });
    expect(past.error?.issues[0]?.message).toBe(PUBLIC_LINK_MESSAGES.expiresInPast);
    const local = dataLinkCreateBodySchema.safeParse({ expires_at: '2999-01-01T00:00' });
    expect(local.error?.issues[0]?.message).toBe(PUBLIC_LINK_MESSAGES.expiresFormat);
  });

  it('normalises an offset expiry to UTC', () => {
    const parsed = dataLinkCreateBodySchema.parse({ expires_at: '2999-01-01T10:00:00+02:00' });
    expect(parsed.expires_at).toBe('2999-01-01T08:00:00.000Z');
  });

  it('limits custom messages and treats blank as none', () => {
    expect(dataLinkCreateBodySchema.parse({ custom_message: '  Hi ' }).custom_message).toBe('Hi');
    expect(dataLinkCreateBodySchema.parse({ custom_message: '   ' }).custom_message).toBeNull();
    const long = dataLinkCreateBodySchema.safeParse({ custom_message: 'x'.repeat(2001) });
    expect(long.error?.issues[0]?.message).toBe(PUBLIC_LINK_MESSAGES.customMessageTooLong);
  });

  it('updates only the keys sent; null clears', () => {
    expect(dataLinkUpdateBodySchema.parse({ is_active: false })).toEqual({ is_active: false });
    expect(dataLinkUpdateBodySchema.parse({ expires_at: null, custom_message: null })).toEqual({
      expires_at: null,
      custom_message: null,
    });
  });

  it('defaults an empty submission', () => {
    expect(publicDataSubmitBodySchema.parse({})).toEqual({ form_data: {}, files: {} });
  });
});

describe('links', () => {
  it('builds the page URLs', () => {
    expect(buildPublicFormUrl('https://fb.example/', 'abc')).toBe(
      'https://fb.example/public-form/abc',
    );
    expect(buildPublicDataFormUrl('https://fb.example', 'abc')).toBe(
      'https://fb.example/public-data-form/abc',
    );
  });

  it('expires at the instant, not after', () => {
    const now = Date.parse('2025-01-05T12:00:00.000Z');
    expect(isLinkExpired(null, now)).toBe(false);
    expect(isLinkExpired('2025-01-05T12:00:00.000Z', now)).toBe(true);
    expect(isLinkExpired('2025-01-05T12:00:00.001Z', now)).toBe(false);
  });
});
