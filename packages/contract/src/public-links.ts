import { z } from 'zod';
import { fieldOptionSchema } from './templates.ts';
import { PUBLIC_FIELD_TYPES } from './public-form-rules.ts';

// Public links (contract.md "Public links"): the document-form link of a completed form
// (/public-form/{token}) and the data-collection link of a record (/public-data-form/{token}).
// Request and response shapes shared by the API and the web; the per-field rules live in
// public-form-rules.ts.

/** Custom messages on data links: a paragraph or two, not a document. */
export const CUSTOM_MESSAGE_MAX_LENGTH = 2000;
/** Files one data link may hold at a time (uploaded through it and not removed). */
export const MAX_FILES_PER_DATA_LINK = 20;

export const PUBLIC_LINK_MESSAGES = {
  formLinkInvalid: 'This form link is invalid or has expired.',
  dataLinkInvalid: 'This link is invalid or no longer exists.',
  dataLinkExpired: 'This link has expired.',
  dataLinkInactive: 'This link has been deactivated.',
  formSubmitted: 'Form submitted successfully',
  dataSubmitted: 'Your information has been successfully submitted',
  expiresInPast: 'The expiration date must be in the future.',
  expiresFormat:
    'expires_at must be an ISO 8601 date and time with a time zone, like 2025-01-05T17:00:00Z',
  customMessageTooLong: `The custom message must be at most ${CUSTOM_MESSAGE_MAX_LENGTH} characters`,
  unknownField: (id: string) => `Unknown field '${id}'.`,
  notFileField: (id: string) => `Field '${id}' is not a file field of this form.`,
  fileNotOnForm: (id: string) => `Field '${id}' can only list files uploaded to it on this form.`,
  tooManyFiles: `This link already holds ${MAX_FILES_PER_DATA_LINK} uploaded files. Remove one to upload another.`,
  tooManyRequests: (minutes: number) =>
    `Too many submissions from this link or network. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  notMapped: (templateName: string, tableName: string) =>
    `Template '${templateName}' has no fields mapped to table '${tableName}'. Set up field mappings first.`,
} as const;

/** `code` of public-link errors, so the pages can tell "gone" from "switched off". */
export const PUBLIC_LINK_CODES = {
  invalid: 'link_invalid',
  expired: 'link_expired',
  inactive: 'link_inactive',
  rateLimited: 'rate_limited',
} as const;

/** The page a document-form link opens (spec §2). */
export function buildPublicFormUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/public-form/${token}`;
}

/** The page a data-collection link opens (spec §7: {origin}/public-data-form/{token}). */
export function buildPublicDataFormUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/public-data-form/${token}`;
}

/** True when `iso` is an instant after `now` (expiry times must lie ahead when set). */
export function isFutureInstant(iso: string, now: number = Date.now()): boolean {
  const time = Date.parse(iso);
  return Number.isFinite(time) && time > now;
}

/** True when a data link with this expiry no longer works at `now`. */
export function isLinkExpired(expiresAt: string | null, now: number = Date.now()): boolean {
  return expiresAt !== null && !isFutureInstant(expiresAt, now);
}

const storedValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const publicFieldTypeSchema = z.enum(PUBLIC_FIELD_TYPES);

// ---- Document-form links (owner side) -----------------------------------------------------------

/** POST /api/v1/completed-forms/public-link/{templateId}/{recordId}: 201 new, 200 reused. */
export const publicFormLinkCreatedSchema = z.object({
  id: z.string(),
  token: z.string(),
  url: z.string(),
  created_at: z.string(),
});
export type PublicFormLinkCreated = z.infer<typeof publicFormLinkCreatedSchema>;

/** GET /api/v1/public-form-links items. */
export const publicFormLinkSchema = publicFormLinkCreatedSchema.extend({
  template_id: z.string(),
  template_name: z.string(),
  table_id: z.string(),
  record_id: z.string(),
  record_label: z.string(),
  is_active: z.boolean(),
  revoked_at: z.string().nullable(),
});
export type PublicFormLink = z.infer<typeof publicFormLinkSchema>;

export const publicFormLinksQuerySchema = z.object({
  template_id: z.string().max(64).optional(),
  record_id: z.string().max(64).optional(),
  /** `true` lists revoked links too. */
  include_revoked: z.enum(['true', 'false', '1', '0']).optional(),
});

// ---- Document form (public) ----------------------------------------------------------------------

export const publicFormFieldSchema = z.object({
  /** The table field's name: the key the submit body uses. */
  id: z.string(),
  name: z.string(),
  label: z.string(),
  type: publicFieldTypeSchema,
  required: z.boolean(),
  /** Choices of select and radio fields (the PDF field's options); [] otherwise. */
  options: z.array(fieldOptionSchema),
  /** True for 'Document Fields' (the template reads them); those come first. */
  mapped_to_template: z.boolean(),
  current_value: storedValueSchema,
});
export type PublicFormField = z.infer<typeof publicFormFieldSchema>;

/** GET /api/v1/public-forms/{token}. */
export const publicFormPayloadSchema = z.object({
  formData: z.object({
    templateName: z.string(),
    /** Signed, expiring URL (1 hour) of the template's PDF, relative to the API host. */
    pdfUrl: z.string(),
    fields: z.array(publicFormFieldSchema),
  }),
});
export type PublicFormPayload = z.infer<typeof publicFormPayloadSchema>;

/** POST /api/v1/public-forms/{token}/submit: values by field id; left-out fields keep theirs. */
export const publicFormSubmitBodySchema = z.record(z.string(), z.unknown());

export const publicFormSubmitResponseSchema = z.object({
  message: z.string(),
  /** The completed form made from the submission; null when the PDF could not be filled. */
  completed_form_id: z.string().nullable(),
});
export type PublicFormSubmitResponse = z.infer<typeof publicFormSubmitResponseSchema>;

// ---- Data links (owner side) ---------------------------------------------------------------------

/** GET/POST/PUT /api/v1/public-data-links responses. */
export const dataLinkSchema = z.object({
  id: z.string(),
  table_id: z.string(),
  record_id: z.string(),
  token: z.string(),
  url: z.string(),
  is_active: z.boolean(),
  /** expires_at has passed: the link answers 410 whatever is_active says. */
  is_expired: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  expires_at: z.string().nullable(),
  custom_message: z.string().nullable(),
  table_name: z.string(),
  /** The record as the create dialog names it (display-name.ts getDataLinkRecordLabel). */
  record_label: z.string(),
});
export type DataLink = z.infer<typeof dataLinkSchema>;

const expiresAtInput = z
  .union([z.iso.datetime({ offset: true, message: PUBLIC_LINK_MESSAGES.expiresFormat }), z.null()])
  .refine((value) => value === null || isFutureInstant(value), {
    message: PUBLIC_LINK_MESSAGES.expiresInPast,
  })
  .transform((value) => (value === null ? null : new Date(value).toISOString()));

const customMessageInput = z
  .string()
  .trim()
  .max(CUSTOM_MESSAGE_MAX_LENGTH, PUBLIC_LINK_MESSAGES.customMessageTooLong)
  .nullable()
  .transform((value) => (value ? value : null));

// A blank date-time input arrives as ''; it means "never expires", like null.
const blankToNull = (value: unknown) => (value === '' ? null : value);

/** POST /api/v1/public-data-links/{tableId}/{recordId}. */
export const dataLinkCreateBodySchema = z.object({
  is_active: z.boolean().default(true),
  custom_message: customMessageInput.optional().transform((value) => value ?? null),
  expires_at: z
    .preprocess(blankToNull, expiresAtInput.optional())
    .transform((value) => value ?? null),
});
export type DataLinkCreateBody = z.input<typeof dataLinkCreateBodySchema>;
export type DataLinkCreateValues = z.output<typeof dataLinkCreateBodySchema>;

/** PUT /api/v1/public-data-links/{id}: only the keys sent change; null clears. */
export const dataLinkUpdateBodySchema = z.object({
  is_active: z.boolean().optional(),
  custom_message: customMessageInput.optional(),
  expires_at: z.preprocess(blankToNull, expiresAtInput.optional()),
});
export type DataLinkUpdateBody = z.input<typeof dataLinkUpdateBodySchema>;
export type DataLinkUpdateValues = z.output<typeof dataLinkUpdateBodySchema>;

// ---- Data form (public) --------------------------------------------------------------------------

/** A file of the record as the data form lists it. */
export const publicDataFileSchema = z.object({
  id: z.string(),
  filename: z.string(),
  file_size: z.number().int().nonnegative(),
  /** Uploaded through this link, so the visitor may remove it; the owner's files are not. */
  removable: z.boolean(),
});
export type PublicDataFile = z.infer<typeof publicDataFileSchema>;

export const publicDataFieldSchema = z.object({
  /** The table field's name: the key of form_data and files. */
  id: z.string(),
  label: z.string(),
  type: publicFieldTypeSchema,
  required: z.boolean(),
  description: z.string().nullable(),
  /** null for file fields (their files are in uploaded_files). */
  current_value: storedValueSchema,
  uploaded_files: z.array(publicDataFileSchema),
});
export type PublicDataField = z.infer<typeof publicDataFieldSchema>;

/** GET /api/v1/public-data-forms/{token}. */
export const publicDataFormSchema = z.object({
  table_name: z.string(),
  custom_message: z.string().nullable(),
  expires_at: z.string().nullable(),
  fields: z.array(publicDataFieldSchema),
});
export type PublicDataForm = z.infer<typeof publicDataFormSchema>;

/** POST /api/v1/public-data-forms/{token}/upload response (201). */
export const publicDataUploadSchema = publicDataFileSchema.extend({ field_name: z.string() });
export type PublicDataUpload = z.infer<typeof publicDataUploadSchema>;

/** POST /api/v1/public-data-forms/{token}/submit. */
export const publicDataSubmitBodySchema = z.object({
  /** Values by field id; fields left out keep their stored values. */
  form_data: z.record(z.string(), z.unknown()).default({}),
  /** File ids by file field, as returned by the upload; only checked, never attached here. */
  files: z.record(z.string(), z.array(z.string().max(64)).max(100)).default({}),
});
export type PublicDataSubmitBody = z.input<typeof publicDataSubmitBodySchema>;
export type PublicDataSubmitValues = z.output<typeof publicDataSubmitBodySchema>;

export const publicMessageResponseSchema = z.object({ message: z.string() });
export type PublicMessageResponse = z.infer<typeof publicMessageResponseSchema>;
