import { z } from 'zod';

// Completed forms (spec §3, §7; contract.md "Generation"): one filled PDF per record and template,
// kept with snapshots of the names it was generated under, so deleting or renaming a template,
// table or record never breaks a download.

/** Most records one bulk generation may take (one job, one zip). */
export const MAX_BULK_RECORDS = 10_000;
/** Most templates one multi-template generation may take. */
export const MAX_MULTI_TEMPLATES = 20;
/** Most forms one generation may e-mail one by one; past it, send the zip instead. */
export const MAX_EMAILED_FORMS = 100;
/** Most recipients of one e-mail. */
export const MAX_EMAIL_RECIPIENTS = 50;

export const GENERATION_MESSAGES = {
  noRecipients: 'Please provide at least one email recipient',
  tooManyRecipients: `At most ${MAX_EMAIL_RECIPIENTS} recipients can be given`,
  invalidRecipient: (address: string) => `'${address}' is not a valid email address`,
  noRecords: 'Please select at least one record',
  tooManyRecords: `At most ${MAX_BULK_RECORDS.toLocaleString('en-US')} records can be generated at once`,
  noTemplates: 'Please select at least one template',
  tooManyTemplates: `At most ${MAX_MULTI_TEMPLATES} templates can be generated at once`,
  duplicateTemplate: 'This template is listed more than once',
  revisionOfUnlistedTemplate: 'A revision is given for a template that is not in template_ids',
  tooManyEmails: (count: number) =>
    `E-mail can be sent for at most ${MAX_EMAILED_FORMS} forms per generation (${count} selected); download the zip instead`,
  notMapped: (table: string) =>
    `No fields of this template are mapped to table '${table}'. Please set up field mappings first.`,
  notRecordOfTable: (id: string, table: string) => `'${id}' is not a record of table '${table}'`,
  notFound: 'Completed form not found',
} as const;

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  on: true,
  false: false,
  '0': false,
  no: false,
  off: false,
};

/** A boolean query parameter: `true/false`, `1/0`, `yes/no`, `on/off` (case-insensitive). */
export const queryBooleanSchema = z.union([z.boolean(), z.string()]).transform((value, ctx) => {
  if (typeof value === 'boolean') {
    return value;
  }
  const parsed = BOOLEAN_WORDS[value.trim().toLowerCase()];
  if (parsed === undefined) {
    ctx.addIssue({ code: 'custom', message: 'Expected true or false' });
    return z.NEVER;
  }
  return parsed;
});

/**
 * Recipients as an array or one comma-separated string (the dialogs' input); split and trimmed,
 * empties dropped. Address validity is checked by the server's mailer rules, not here, so the
 * 422 can list every invalid address at once.
 */
export const recipientsInputSchema = z.union([z.string(), z.array(z.string())]).transform((value) =>
  (typeof value === 'string' ? [value] : value)
    .flatMap((entry) => entry.split(','))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== ''),
);

/** Query of `POST /api/v1/completed-forms/{templateId}/{tableId}/{recordId}`. */
export const generateQuerySchema = z.object({
  send_email: queryBooleanSchema.default(false),
  /** Repeated per recipient (spec §7) or comma-separated. */
  email_recipients: recipientsInputSchema.default([]),
  /** A non-editable PDF (contract.md "Generation"). */
  flatten: queryBooleanSchema.default(false),
  /** An earlier template revision to fill (issue 32); absent: the current one. */
  template_revision: z.coerce.number().int().min(1).optional(),
});

/** Body of `POST /api/v1/completed-forms/bulk/{templateId}/{tableId}`. */
export const bulkGenerationBodySchema = z.object({
  record_ids: z
    .array(z.string().max(64))
    .min(1, GENERATION_MESSAGES.noRecords)
    .max(MAX_BULK_RECORDS, GENERATION_MESSAGES.tooManyRecords),
  send_email: z.boolean().default(false),
  email_recipients: recipientsInputSchema.default([]),
  flatten: z.boolean().default(false),
  /** The template revision to fill (issue 32); absent: the one current when the job starts. */
  template_revision: z.number().int().min(1).optional(),
});
export type BulkGenerationBody = z.input<typeof bulkGenerationBodySchema>;

/** Body of `POST /api/v1/completed-forms/multi-template/{tableId}/{recordId}`. */
export const multiTemplateBodySchema = z.object({
  /** In the order the forms appear in the zip and the merged PDF. */
  template_ids: z
    .array(z.string().max(64))
    .min(1, GENERATION_MESSAGES.noTemplates)
    .max(MAX_MULTI_TEMPLATES, GENERATION_MESSAGES.tooManyTemplates),
  send_email: z.boolean().default(false),
  email_recipients: recipientsInputSchema.default([]),
  flatten: z.boolean().default(false),
  /** Also produce one PDF with every form in the chosen order (flattened; see decisions). */
  merge: z.boolean().default(false),
  /**
   * An earlier revision per template id (issue 32), keyed by ids of `template_ids`; a template
   * left out fills the revision current when the job starts.
   */
  template_revisions: z.record(z.string().max(64), z.number().int().min(1)).optional(),
});
export type MultiTemplateBody = z.input<typeof multiTemplateBodySchema>;

/** Body of `POST /api/v1/completed-forms/{id}/email`. */
export const emailFormBodySchema = z.object({ recipients: recipientsInputSchema });
export type EmailFormBody = z.input<typeof emailFormBodySchema>;

/** Filters of `GET /api/v1/completed-forms/`; `limit`/`offset` page it (X-Total-Count). */
export const listCompletedFormsQuerySchema = z.object({
  template_id: z.string().max(64).optional(),
  record_id: z.string().max(64).optional(),
  table_id: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/** What the fill engine did with one mapped field. */
export const fieldFillReportSchema = z.object({
  field: z.string(),
  value_written: z.string().nullable(),
  font: z.string().nullable(),
  font_size: z.number().nullable(),
  problems: z.array(z.string()),
  /** Informational lines that are not problems (a signature field skipped). */
  notes: z.array(z.string()).optional(),
  /** Left as it was on purpose: a signature field, a read-only field (skip), a prefilled value kept. */
  skipped: z.boolean().optional(),
  /** The addendum item that holds the full value; the box shows the reference instead. */
  addendum_item: z.number().int().optional(),
});

export const fillReportSchema = z.object({
  fields: z.array(fieldFillReportSchema),
  /** Document-level problems. */
  problems: z.array(z.string()),
  /** What the engine changed beyond the values (decryption, XFA removed, repairs). */
  notes: z.array(z.string()),
});
export type FillReportDto = z.infer<typeof fillReportSchema>;

/** Counts for cards and result rows; the full report is on `GET /completed-forms/{id}`. */
export const fillSummarySchema = z.object({
  /** Mapped fields the form was asked to fill. */
  requested: z.number().int(),
  /** Of those, fields that hold a value now. */
  written: z.number().int(),
  /** Fields with a problem (value cut at max length, shrunk to the minimum size, ...). */
  with_problems: z.number().int(),
});
export type FillSummary = z.infer<typeof fillSummarySchema>;

/** A completed form as lists show it. */
export const completedFormSchema = z.object({
  id: z.uuid(),
  template_id: z.string(),
  /** Names as they were when the form was generated. */
  template_name: z.string(),
  table_id: z.string(),
  table_name: z.string(),
  record_id: z.string(),
  record_display_name: z.string(),
  /** The bulk or multi-template job that produced it; null for a single generation. */
  job_id: z.string().nullable(),
  /** The template revision the form was made from (issue 32); null for forms made before. */
  template_revision: z.number().int().nullable(),
  created_at: z.string(),
  /** Every address a mail server accepted this form for, oldest first. */
  email_sent_to: z.array(z.string()),
  /** Why the last e-mail of this form failed (after retries); null when it went out. */
  email_error: z.string().nullable(),
  flattened: z.boolean(),
  /** The spec's download name (§3), e.g. 'Jane_Doe_W-9_2025-01-05.pdf'. */
  file_name: z.string(),
  file_size: z.number().int(),
  /** Signed, expiring URL that downloads the PDF (attachment). Same as `download_url`. */
  file_path: z.string(),
  /** Signed, expiring URL that shows the PDF inline. Same as `view_url`. */
  pdf_file_path: z.string(),
  view_url: z.string(),
  download_url: z.string(),
  fill_summary: fillSummarySchema,
});
export type CompletedForm = z.infer<typeof completedFormSchema>;

/** `GET /api/v1/completed-forms/{id}`: the list shape plus the full fill report. */
export const completedFormDetailSchema = completedFormSchema.extend({
  fill_report: fillReportSchema,
});
export type CompletedFormDetail = z.infer<typeof completedFormDetailSchema>;

/**
 * What happened to an e-mail: `sent_to` the recipients the server accepted (added to
 * `email_sent_to`), `rejected` those it refused, `error` why nothing was sent (null when sent).
 */
export const emailOutcomeSchema = z.object({
  sent_to: z.array(z.string()),
  rejected: z.array(z.string()),
  error: z.string().nullable(),
});
export type EmailOutcome = z.infer<typeof emailOutcomeSchema>;

/**
 * 201 of a single generation and 200 of `POST /{id}/email`: the form, plus the e-mail outcome
 * (null when no e-mail was asked for). A failed e-mail never loses the generated form.
 */
export const completedFormWithEmailSchema = completedFormDetailSchema.extend({
  email: emailOutcomeSchema.nullable(),
});
export type CompletedFormWithEmail = z.infer<typeof completedFormWithEmailSchema>;
