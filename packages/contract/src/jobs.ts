import { z } from 'zod';
import { fillSummarySchema } from './completed-forms.ts';

// Background jobs (contract.md "Generation"): bulk and multi-template generation answer 202 with
// a job; `GET /api/v1/jobs/{id}` and its server-sent events report progress until it ends.

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const JOB_KINDS = ['bulk_generation', 'multi_template_generation'] as const;
export const jobKindSchema = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof jobKindSchema>;

/** True once a job will not change any more. */
export function isFinishedJobStatus(status: JobStatus): boolean {
  return status === 'succeeded' || status === 'failed';
}

/** Progress: `done` counts every item handled, `failed` the part of them that failed. */
export const jobProgressSchema = z.object({
  id: z.uuid(),
  status: jobStatusSchema,
  done: z.number().int(),
  total: z.number().int(),
  failed: z.number().int(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

export const jobSchema = jobProgressSchema.extend({
  kind: jobKindSchema,
  /** Why the whole job failed (interrupted, nothing could be generated); null otherwise. */
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
  /** Signed, expiring URL of the job's server-sent events (usable with EventSource). */
  events_url: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

/** One generated form in a result (spec §3 Generation result, plus names and links). */
export const generationResultItemSchema = z.object({
  completed_form_id: z.uuid(),
  template_id: z.string(),
  template_name: z.string(),
  record_id: z.string(),
  record_display_name: z.string(),
  file_name: z.string(),
  created_at: z.string(),
  /** Signed, expiring URL showing the PDF inline. */
  pdf_file_path: z.string(),
  /** Signed, expiring URL downloading the PDF (attachment). */
  file_path: z.string(),
  fill_summary: fillSummarySchema,
  /** Recipients the mail server accepted for this form (empty when no e-mail was asked for). */
  email_sent_to: z.array(z.string()),
  /** Why the e-mail for this form was not (fully) sent; null when it was or none was asked. */
  email_error: z.string().nullable(),
});
export type GenerationResultItem = z.infer<typeof generationResultItemSchema>;

/** A record (bulk) or template (multi-template) that produced no form, and why. */
export const generationErrorSchema = z.object({
  record_id: z.string().nullable(),
  record_display_name: z.string().nullable(),
  template_id: z.string().nullable(),
  template_name: z.string().nullable(),
  detail: z.string(),
});
export type GenerationError = z.infer<typeof generationErrorSchema>;

/** The spec's generation result, for both kinds; present once the job has finished. */
export const generationResultSchema = z.object({
  successful: z.number().int(),
  total: z.number().int(),
  /** Multi-template: how many templates were asked for (the spec's name for `total`). */
  total_templates: z.number().int().nullable(),
  /** Multi-template: the one record's display name; null for bulk. */
  record_display_name: z.string().nullable(),
  /** Bulk: the one template's name; null for multi-template. */
  template_name: z.string().nullable(),
  table_name: z.string(),
  /** In request order: record order (bulk) or the chosen template order (multi-template). */
  results: z.array(generationResultItemSchema),
  errors: z.array(generationErrorSchema),
  /** Signed, expiring URL of a zip with every generated form; null when none was generated. */
  zip_download_url: z.string().nullable(),
  /** Multi-template with `merge`: one PDF of every form in order; null otherwise. */
  merged_download_url: z.string().nullable(),
});
export type GenerationResult = z.infer<typeof generationResultSchema>;

/** 202 of the bulk and multi-template calls. */
export const jobAcceptedSchema = z.object({ job: jobSchema });
export type JobAccepted = z.infer<typeof jobAcceptedSchema>;

/**
 * `GET /api/v1/jobs/{id}` (and the 200 of `?wait=true`): the job, plus the generation result's
 * fields at the top level once it has finished (absent while queued or running).
 */
export const jobResponseSchema = z
  .object({ job: jobSchema })
  .extend(generationResultSchema.partial().shape);
export type JobResponse = z.infer<typeof jobResponseSchema>;

/** The most jobs one page of `GET /api/v1/jobs` holds, and how many without `limit`. */
export const MAX_JOBS_PAGE = 100;
export const DEFAULT_JOBS_PAGE = 20;

/** `GET /api/v1/jobs?limit=&cursor=`: `cursor` is the `next_cursor` of the page before. */
export const jobsListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_JOBS_PAGE).default(DEFAULT_JOBS_PAGE),
  cursor: z.string().max(200).optional(),
});

/** One job in the user's list: its progress, outcome and zip (while the job has one). */
export const jobListItemSchema = z.object({
  id: z.uuid(),
  kind: jobKindSchema,
  status: jobStatusSchema,
  done: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Why the whole job failed; null otherwise (per-item errors are in GET /api/v1/jobs/{id}). */
  error: z.string().nullable(),
  /** Signed, expiring URL of the zip of every form; null until it exists or when none was made. */
  zip_download_url: z.string().nullable(),
  /** What the job made forms of, once it has finished: "Template · Table" or "Record · Table". */
  label: z.string().nullable(),
});
export type JobListItem = z.infer<typeof jobListItemSchema>;

/** The user's own jobs, newest first; `next_cursor` null on the last page. */
export const jobsListResponseSchema = z.object({
  jobs: z.array(jobListItemSchema),
  next_cursor: z.string().nullable(),
});
export type JobsListResponse = z.infer<typeof jobsListResponseSchema>;

/** Names of the server-sent events of `GET /api/v1/jobs/{id}/events`; data is JobProgress. */
export const JOB_EVENTS = { progress: 'progress', end: 'end' } as const;
