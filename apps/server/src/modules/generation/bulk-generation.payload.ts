import { z } from 'zod';
import type { JobRef } from '../../lib/jobs/job-queue.ts';
import type { StoredCompletedForm } from '../completed-forms/completed-forms.public.ts';

// What a bulk generation job carries: its payload (queued by generation.service.ts) and what the
// job book keeps of each record's form (bulk-generation.job.ts makes them, .zip.ts reads them).

export const BULK_GENERATION = 'bulk_generation';

export const bulkGenerationPayloadSchema = z.object({
  template_id: z.string(),
  table_id: z.string(),
  record_ids: z.array(z.string()),
  user_email: z.string(),
  send_email: z.boolean(),
  email_recipients: z.array(z.string()),
  flatten: z.boolean(),
  /**
   * The template revision, pinned when the job was queued (issue 32): a revision uploaded while
   * the job runs does not change its remaining items. Absent in jobs queued before revisions.
   */
  template_revision: z.number().int().optional(),
  /** The generation moment, fixed when the job was queued. */
  now: z.string(),
});
export type BulkGenerationPayload = z.infer<typeof bulkGenerationPayloadSchema>;

/** What the job book keeps of a record's form: the zip and the result read the rest. */
export const formItemSchema = z.object({
  formId: z.string(),
  email: z.object({ sent_to: z.array(z.string()), error: z.string().nullable() }).nullable(),
});
export type FormItem = z.infer<typeof formItemSchema>;
/** In one process the zip takes the form as it was made, not read back. */
export type MadeForm = { row: StoredCompletedForm; bytes: Uint8Array };

export type BulkJob = JobRef<BulkGenerationPayload>;
