import type { GenerationError } from '@formbridge/contract/jobs';
import { sanitizeFileNamePart } from '@formbridge/contract/file-names';
import { formatIsoDate } from '@formbridge/contract/dates';
import { z } from 'zod';
import type { JobDefinition, JobOutcome, JobRunContext } from '../../lib/jobs/job-queue.ts';
import { trySendFormsByEmail } from '../completed-forms/completed-forms.email.ts';
import { listJobForms } from '../completed-forms/completed-forms.public.ts';
import { bulkGenerationSplit } from './bulk-generation.tasks.ts';
import type { GenerationDeps } from './generation-deps.ts';
import { jobArtifactKeys, toResultItem } from './generation-result.ts';
import {
  loadRecordBatch,
  loadTableSource,
  loadTemplateSource,
  readTemplateBytes,
  type RecordBatch,
} from './generation-source.ts';
import { produceForm, type FailedForm, type ProducedForm } from './produce-form.ts';
import { createResultLog } from './result-log.ts';
import { createRowBatch } from './row-batch.ts';
import { runOrdered } from './run-ordered.ts';
import { createZipSink } from './zip-sink.ts';

export const BULK_GENERATION = 'bulk_generation';

export const bulkGenerationPayloadSchema = z.object({
  template_id: z.string(),
  table_id: z.string(),
  record_ids: z.array(z.string()),
  user_email: z.string(),
  send_email: z.boolean(),
  email_recipients: z.array(z.string()),
  flatten: z.boolean(),
  /** The generation moment, fixed when the job was queued. */
  now: z.string(),
});
export type BulkGenerationPayload = z.infer<typeof bulkGenerationPayloadSchema>;

// Records are read this many at a time, so a 10,000-record job never holds them all.
const RECORD_BATCH = 200;

type Outcome = ProducedForm | FailedForm | { ok: 'existing'; bytes: Uint8Array } | null;

/**
 * One template, many records of one table: a completed form (row and file) per record, all of
 * them in one zip streamed to storage as they are produced, optionally each e-mailed. A record
 * that fails is listed with its reason and the others go on. Idempotent: a rerun of the same job
 * reuses the forms it already stored (completed_forms.job_id) instead of generating them again.
 */
export function bulkGenerationJob(deps: GenerationDeps): JobDefinition<BulkGenerationPayload> {
  return {
    kind: BULK_GENERATION,
    payload: bulkGenerationPayloadSchema,
    run: (job) => runBulkGeneration(deps, job),
    split: bulkGenerationSplit(deps),
    cleanUp: async (jobId) => {
      const keys = jobArtifactKeys(jobId);
      await deps.ctx.storage.remove(keys.zip);
      await deps.ctx.storage.remove(keys.results);
    },
  };
}

async function runBulkGeneration(
  deps: GenerationDeps,
  job: JobRunContext<BulkGenerationPayload>,
): Promise<JobOutcome> {
  const { ctx, pool } = deps;
  const { payload, ownerId } = job;
  // The fill workers are about to take the memory: an idle upload reader need not stay beside them.
  ctx.pdfSandbox.releaseIdle();
  const table = await loadTableSource(ctx.db, ownerId, payload.table_id);
  const template = await loadTemplateSource(ctx.db, ownerId, payload.template_id, table.table);
  const templateBytes = await readTemplateBytes(ctx.storage, template);
  const existing = new Map(
    (await listJobForms(ctx.db, ownerId, job.id)).map((row) => [row.record_id, row]),
  );
  const now = new Date(payload.now);
  const keys = jobArtifactKeys(job.id);
  const zip = createZipSink(ctx.storage, keys.zip);
  const rows = createRowBatch(ctx.db, ctx.storage);
  const results = createResultLog(ctx.storage, keys.results);
  const errors: GenerationError[] = [];
  const fail = (recordId: string, name: string | null, detail: string) =>
    errors.push({
      record_id: recordId,
      record_display_name: name,
      template_id: template.id,
      template_name: template.name,
      detail,
    });

  const start = async (recordId: string, batch: RecordBatch): Promise<Outcome> => {
    const done = existing.get(recordId);
    if (done) {
      return { ok: 'existing', bytes: new Uint8Array(await ctx.storage.read(done.file_key)) };
    }
    const record = batch.records.get(recordId);
    if (!record) {
      return null;
    }
    return produceForm(
      // E-mailing records the recipients on the row, so it must exist first: no batching then.
      {
        db: ctx.db,
        storage: ctx.storage,
        pool,
        storeRow: payload.send_email ? undefined : rows.add,
      },
      {
        ownerId,
        userEmail: payload.user_email,
        now,
        jobId: job.id,
        flatten: payload.flatten,
        table,
        template,
        templateBytes,
        record,
        linkedRecords: batch.linkedRecords,
      },
    );
  };

  const handle = async (recordId: string, outcome: Outcome) => {
    if (outcome === null) {
      fail(recordId, null, 'Record not found: it was deleted after the generation started');
    } else if (outcome.ok === false) {
      fail(recordId, outcome.recordDisplayName, outcome.detail);
    } else {
      const row = outcome.ok === 'existing' ? existing.get(recordId) : outcome.row;
      if (row) {
        await zip.add(row.file_name, outcome.bytes);
        const email = payload.send_email
          ? await trySendFormsByEmail(
              ctx,
              ownerId,
              [{ ...row, bytes: outcome.bytes }],
              payload.email_recipients,
              payload.user_email,
              deps.log,
            )
          : null;
        await results.add(toResultItem(row, email));
      }
    }
    job.progress(results.count + errors.length, errors.length);
  };

  try {
    for (let at = 0; at < payload.record_ids.length && !job.signal.aborted; at += RECORD_BATCH) {
      const ids = payload.record_ids.slice(at, at + RECORD_BATCH);
      const batch = await loadRecordBatch(ctx.db, ownerId, table, ids);
      await runOrdered(ids, pool.size * 2, (id) => start(id, batch), handle, job.signal);
    }
    await rows.flush();
  } catch (error) {
    await zip.abort();
    await results.abort();
    // Forms already listed are kept: their rows go in, as they would have one by one.
    await rows.flush().catch(() => undefined);
    throw error;
  }

  const zipName = `${sanitizeFileNamePart(template.name, 'Forms')}_${sanitizeFileNamePart(table.table.name, 'Table')}_${formatIsoDate(now)}.zip`;
  let zipArtifact = null;
  if (results.count > 0) {
    zipArtifact = { key: keys.zip, file_name: zipName, size: await zip.finish() };
  } else {
    await zip.abort();
  }
  const result = await results.finish({
    successful: results.count,
    total: payload.record_ids.length,
    total_templates: null,
    record_display_name: null,
    template_name: template.name,
    table_name: table.table.name,
    errors,
    zip: zipArtifact,
    merged: null,
  });
  const isSuccess = results.count > 0;
  return {
    status: isSuccess ? 'succeeded' : 'failed',
    result,
    error: isSuccess ? null : `None of the ${payload.record_ids.length} forms could be generated`,
    done: results.count + errors.length,
    failed: errors.length,
  };
}
