import { formatIsoDate } from '@formbridge/contract/dates';
import { getRecordDisplayName } from '@formbridge/contract/display-name';
import { sanitizeFileNamePart } from '@formbridge/contract/file-names';
import type { GenerationError } from '@formbridge/contract/jobs';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import {
  JobInterruptedError,
  type JobDefinition,
  type JobOutcome,
  type JobRunContext,
} from '../../lib/jobs/job-queue.ts';
import {
  trySendFormsByEmail,
  type EmailedForm,
} from '../completed-forms/completed-forms.public.ts';
import {
  listJobForms,
  type StoredCompletedForm,
} from '../completed-forms/completed-forms.public.ts';
import type { FillDeps } from '../completed-forms/completed-forms.public.ts';
import {
  jobArtifactKeys,
  toResultItem,
  type StoredArtifact,
  type StoredGenerationResult,
} from '../jobs/jobs.public.ts';
import {
  loadRecordBatch,
  loadTableSource,
  loadTemplateSource,
  readTemplateBytes,
  type RecordBatch,
  type TableSource,
} from '../completed-forms/completed-forms.public.ts';
import { fillRecord } from '../completed-forms/completed-forms.public.ts';
import { runOrdered } from '../../lib/jobs/run-ordered.ts';
import { createZipSink } from './zip-sink.ts';
import { finishZip, generationOutcome } from './generation-outcome.ts';
import { jobActor } from '../../lib/audit/audit-actor.ts';

export const MULTI_TEMPLATE_GENERATION = 'multi_template_generation';

export const multiTemplatePayloadSchema = z.object({
  table_id: z.string(),
  record_id: z.string(),
  template_ids: z.array(z.string()),
  user_email: z.string(),
  send_email: z.boolean(),
  email_recipients: z.array(z.string()),
  flatten: z.boolean(),
  merge: z.boolean(),
  /** Each template's revision, pinned when the job was queued (issue 32); absent in older jobs. */
  template_revisions: z.record(z.string(), z.number().int()).optional(),
  now: z.string(),
});
export type MultiTemplatePayload = z.infer<typeof multiTemplatePayloadSchema>;

type Produced = { row: StoredCompletedForm; bytes: Uint8Array; forMerge: Uint8Array };
type Outcome = { ok: true; form: Produced } | { ok: false; name: string | null; detail: string };

/**
 * One record, several templates in the chosen order: a completed form per template, a zip of
 * them, optionally one merged PDF (flattened copies, same order) and one e-mail carrying every
 * form. A template that fails is listed with its reason; the others go on. Idempotent like the
 * bulk job: forms this job already stored are reused.
 */
export function multiTemplateJob(deps: FillDeps): JobDefinition<MultiTemplatePayload> {
  return {
    kind: MULTI_TEMPLATE_GENERATION,
    payload: multiTemplatePayloadSchema,
    run: (job) => runMultiTemplate(deps, job),
    cleanUp: async (jobId) => {
      const keys = jobArtifactKeys(jobId);
      await deps.ctx.storage.remove(keys.zip);
      await deps.ctx.storage.remove(keys.merged);
    },
  };
}

async function produceOne(
  deps: FillDeps,
  job: JobRunContext<MultiTemplatePayload>,
  table: TableSource,
  batch: RecordBatch,
  existing: ReadonlyMap<string, StoredCompletedForm>,
  templateId: string,
): Promise<Outcome> {
  const { ctx, pool } = deps;
  const { payload, ownerId } = job;
  const done = existing.get(templateId);
  if (done) {
    const bytes = new Uint8Array(await ctx.storage.read(done.file_key));
    return { ok: true, form: { row: done, bytes, forMerge: bytes } };
  }
  let template;
  try {
    template = await loadTemplateSource(
      ctx.db,
      ownerId,
      templateId,
      table.table,
      payload.template_revisions?.[templateId],
    );
  } catch (error) {
    if (error instanceof AppError && typeof error.detail === 'string') {
      return { ok: false, name: null, detail: error.detail };
    }
    throw error;
  }
  const record = batch.records.get(payload.record_id);
  if (!record) {
    return { ok: false, name: template.name, detail: 'The record was deleted' };
  }
  const produced = await fillRecord(
    { db: ctx.db, storage: ctx.storage, pool },
    {
      ownerId,
      actor: jobActor(job.id, MULTI_TEMPLATE_GENERATION),
      userEmail: payload.user_email,
      now: new Date(payload.now),
      jobId: job.id,
      flatten: payload.flatten,
      alsoFlattened: payload.merge,
      table,
      template,
      templateBytes: await readTemplateBytes(ctx.storage, template),
      record,
      linkedRecords: batch.linkedRecords,
    },
  );
  if (!produced.ok) {
    return { ok: false, name: template.name, detail: produced.detail };
  }
  const forMerge = produced.flattened ?? produced.bytes;
  return { ok: true, form: { row: produced.row, bytes: produced.bytes, forMerge } };
}

async function runMultiTemplate(
  deps: FillDeps,
  job: JobRunContext<MultiTemplatePayload>,
): Promise<JobOutcome> {
  const { ctx, pool } = deps;
  const { payload, ownerId } = job;
  const table = await loadTableSource(ctx.db, ownerId, payload.table_id);
  const batch = await loadRecordBatch(ctx.db, ownerId, table, [payload.record_id]);
  const record = batch.records.get(payload.record_id);
  if (!record) {
    throw new AppError(404, 'Record not found: it was deleted after the generation started');
  }
  const recordName = getRecordDisplayName(table.table, record);
  const existing = new Map(
    (await listJobForms(ctx.db, ownerId, job.id)).map((row) => [row.template_id, row]),
  );
  const keys = jobArtifactKeys(job.id);
  const zip = createZipSink(ctx.storage, keys.zip);
  const forms: Produced[] = [];
  const errors: GenerationError[] = [];
  try {
    await runOrdered(
      payload.template_ids,
      pool.size,
      (templateId) => produceOne(deps, job, table, batch, existing, templateId),
      async (templateId, outcome) => {
        if (outcome.ok) {
          await zip.add(outcome.form.row.file_name, outcome.form.bytes);
          forms.push(outcome.form);
        } else {
          errors.push({
            record_id: record.id,
            record_display_name: recordName,
            template_id: templateId,
            template_name: outcome.name,
            detail: outcome.detail,
          });
        }
        job.progress(forms.length + errors.length, errors.length);
      },
      job.signal,
    );
    if (forms.length + errors.length < payload.template_ids.length) {
      // Shutdown stopped it early: no partial zip or e-mail; the next start resumes the job,
      // reusing the forms it already stored.
      throw new JobInterruptedError();
    }
  } catch (error) {
    await zip.abort();
    throw error;
  }
  const stamp = `${sanitizeFileNamePart(recordName, 'Record')}_${formatIsoDate(new Date(payload.now))}`;
  const zipArtifact = await finishZip(zip, forms.length, keys.zip, `${stamp}_forms.zip`);
  let merged: StoredArtifact | null = null;
  if (forms.length > 0 && payload.merge) {
    const bytes = await pool.merge(forms.map((form) => form.forMerge));
    await ctx.storage.put(keys.merged, bytes);
    merged = { key: keys.merged, file_name: `${stamp}_forms.pdf`, size: bytes.byteLength };
  }
  const emailed: EmailedForm[] = forms.map((form) => ({ ...form.row, bytes: form.bytes }));
  const email =
    payload.send_email && emailed.length > 0
      ? await trySendFormsByEmail(
          ctx,
          { workspaceId: ownerId, actor: jobActor(job.id, MULTI_TEMPLATE_GENERATION) },
          emailed,
          payload.email_recipients,
          payload.user_email,
          deps.log,
        )
      : null;
  const result: StoredGenerationResult = {
    successful: forms.length,
    total: payload.template_ids.length,
    total_templates: payload.template_ids.length,
    record_display_name: recordName,
    template_name: null,
    table_name: table.table.name,
    results: forms.map((form) => toResultItem(form.row, email)),
    errors,
    zip: zipArtifact,
    merged,
  };
  return generationOutcome(result, payload.template_ids.length);
}
