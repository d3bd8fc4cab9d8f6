import type { GenerationError } from '@formbridge/contract/jobs';
import { sanitizeFileNamePart } from '@formbridge/contract/file-names';
import { formatIsoDate } from '@formbridge/contract/dates';
import { z } from 'zod';
import { derivedId } from '../../lib/jobs/derived-id.ts';
import type {
  FinishedItem,
  ItemResult,
  ItemRun,
  JobDefinition,
  JobOutcome,
  JobRef,
} from '../../lib/jobs/job-queue.ts';
import { trySendFormsByEmail } from '../completed-forms/completed-forms.public.ts';
import {
  findStoredForm,
  listJobForms,
  type StoredCompletedForm,
} from '../completed-forms/completed-forms.public.ts';
import type { FillDeps } from '../completed-forms/completed-forms.public.ts';
import { jobArtifactKeys, toResultItem } from '../jobs/jobs.public.ts';
import {
  loadRecordBatch,
  loadTableSource,
  loadTemplateSource,
  readTemplateBytes,
  type RecordBatch,
  type TableSource,
  type TemplateSource,
} from '../completed-forms/completed-forms.public.ts';
import { fillRecord } from '../completed-forms/completed-forms.public.ts';
import { createResultLog } from './result-log.ts';
import { createRowBatch } from './row-batch.ts';
import { createZipSink } from './zip-sink.ts';
import { jobActor } from '../../lib/audit/audit-actor.ts';

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
const formItemSchema = z.object({
  formId: z.string(),
  email: z.object({ sent_to: z.array(z.string()), error: z.string().nullable() }).nullable(),
});
type FormItem = z.infer<typeof formItemSchema>;
/** In one process the zip takes the form as it was made, not read back. */
type MadeForm = { row: StoredCompletedForm; bytes: Uint8Array };

type Job = JobRef<BulkGenerationPayload>;
type Sources = { table: TableSource; template: TemplateSource; templateBytes: Uint8Array };

// Records are read this many at a time, so a 10,000-record job never holds them all.
const RECORD_BATCH = 200;
// A process holds the table, template and template PDF of the few jobs it is working on, so an
// item reads only its record; a job never seen before is loaded once.
const CACHED_JOBS = 4;
const RECORD_GONE = 'Record not found: it was deleted after the generation started';

/**
 * One template, many records of one table: a completed form (file and row) per record, all of
 * them in one zip, optionally each e-mailed. A record that fails is listed with its reason and
 * the others go on. Both queues run these steps: each record an item, then the zip. Idempotent:
 * a record's form has an id derived from (job, template, record), so a rerun or a retried task
 * finds that form instead of making a second.
 */
export function bulkGenerationJob(
  deps: FillDeps,
): JobDefinition<BulkGenerationPayload, FormItem, MadeForm> {
  const { ctx, pool } = deps;
  const cache = new Map<string, Promise<Sources>>();

  const sources = (job: Job) => {
    let entry = cache.get(job.id);
    if (!entry) {
      entry = (async () => {
        const table = await loadTableSource(ctx.db, job.ownerId, job.payload.table_id);
        const template = await loadTemplateSource(
          ctx.db,
          job.ownerId,
          job.payload.template_id,
          table.table,
          job.payload.template_revision,
        );
        return { table, template, templateBytes: await readTemplateBytes(ctx.storage, template) };
      })();
      entry.catch(() => cache.delete(job.id));
      cache.set(job.id, entry);
      if (cache.size > CACHED_JOBS) {
        cache.delete(cache.keys().next().value as string);
      }
    }
    return entry;
  };

  const email = async (job: Job, row: StoredCompletedForm, bytes: Uint8Array) => {
    if (!job.payload.send_email) {
      return null;
    }
    const outcome = await trySendFormsByEmail(
      ctx,
      { workspaceId: job.ownerId, actor: jobActor(job.id, BULK_GENERATION) },
      [{ ...row, bytes }],
      job.payload.email_recipients,
      job.payload.user_email,
      deps.log,
    );
    return { sent_to: outcome.sent_to, error: outcome.error };
  };

  const open = async (
    job: Job,
    itemIds: readonly string[],
  ): Promise<ItemRun<FormItem, MadeForm>> => {
    // The fill workers are about to take the memory: an idle upload reader need not stay.
    ctx.pdfSandbox.releaseIdle();
    const { table, template, templateBytes } = await sources(job);
    // Many items: what an earlier run stored, read once; one item (a task): looked up by its id.
    const stored =
      itemIds.length > 1
        ? new Map((await listJobForms(ctx.db, job.ownerId, job.id)).map((row) => [row.id, row]))
        : null;
    const findStored = (formId: string) =>
      stored ? stored.get(formId) : findStoredForm(ctx.db, job.ownerId, formId);
    // Records in batches in the order the items run; a batch is dropped once passed.
    const position = new Map(itemIds.map((id, index) => [id, index]));
    const batches = new Map<number, Promise<RecordBatch>>();
    const batchOf = (recordId: string) => {
      const number = Math.floor((position.get(recordId) ?? 0) / RECORD_BATCH);
      let batch = batches.get(number);
      if (!batch) {
        const ids = itemIds.slice(number * RECORD_BATCH, (number + 1) * RECORD_BATCH);
        batch = loadRecordBatch(ctx.db, job.ownerId, table, ids);
        batches.set(number, batch);
        batches.delete(number - 2);
      }
      return batch;
    };
    // E-mailing records the recipients on the row, so it must exist first: no batching then.
    const rows = job.payload.send_email
      ? null
      : createRowBatch(ctx.db, ctx.storage, jobActor(job.id, BULK_GENERATION));

    const run = async (recordId: string): Promise<ItemResult<FormItem, MadeForm>> => {
      // A retry after the form was stored but before its outcome was: reuse it (the e-mail may
      // go twice in that window; it is sent at least once).
      const existing = await findStored(derivedId('completed-form', job.id, template.id, recordId));
      if (existing) {
        const bytes = new Uint8Array(await ctx.storage.read(existing.file_key));
        const sent = await email(job, existing, bytes);
        return {
          ok: true,
          value: { formId: existing.id, email: sent },
          made: { row: existing, bytes },
        };
      }
      const batch = await batchOf(recordId);
      const record = batch.records.get(recordId);
      if (!record) {
        return { ok: false, label: null, error: RECORD_GONE };
      }
      const produced = await fillRecord(
        { db: ctx.db, storage: ctx.storage, pool, storeRow: rows?.add },
        {
          ownerId: job.ownerId,
          actor: jobActor(job.id, BULK_GENERATION),
          userEmail: job.payload.user_email,
          now: new Date(job.payload.now),
          jobId: job.id,
          flatten: job.payload.flatten,
          table,
          template,
          templateBytes,
          record,
          linkedRecords: batch.linkedRecords,
        },
      );
      if (!produced.ok) {
        return { ok: false, label: produced.recordDisplayName, error: produced.detail };
      }
      const { row, bytes } = produced;
      const sent = await email(job, row, bytes);
      return { ok: true, value: { formId: row.id, email: sent }, made: { row, bytes } };
    };
    return { run, flush: async () => rows?.flush() };
  };

  return {
    kind: BULK_GENERATION,
    payload: bulkGenerationPayloadSchema,
    items: {
      items: (payload) => payload.record_ids,
      value: formItemSchema,
      concurrency: pool.size * 2,
      open,
      finish: async (job, items) => {
        try {
          return await zipForms(deps, job, items, await jobNames(job));
        } finally {
          cache.delete(job.id);
        }
      },
    },
    cleanUp: async (jobId) => {
      const keys = jobArtifactKeys(jobId);
      await ctx.storage.remove(keys.zip);
      await ctx.storage.remove(keys.results);
    },
  };

  /** The names the zip and the errors carry; from a stored form if the template is gone. */
  async function jobNames(job: Job) {
    try {
      const loaded = await sources(job);
      return { template: loaded.template.name, table: loaded.table.table.name };
    } catch {
      const [first] = await listJobForms(ctx.db, job.ownerId, job.id);
      return { template: first?.template_name ?? 'Forms', table: first?.table_name ?? 'Table' };
    }
  }
}

/**
 * Frees a form's bytes once the zip has written them (the last use of them). They came from a
 * fill worker or a file read, so the main thread's garbage collector counts them only as
 * external memory: left to it, they piled up for a full collection, ~60 MB on a 10,000-form job
 * (docs/benchmarks.md). Only a buffer the bytes fill alone is detached; a view into a shared one
 * is left to the collector.
 */
function release(bytes: Uint8Array) {
  const { buffer } = bytes;
  if (
    buffer instanceof ArrayBuffer &&
    bytes.byteLength > 0 &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
  ) {
    // ES2024's ArrayBuffer.prototype.transfer (Node 20+), past the ES2023 library's types.
    (buffer as ArrayBuffer & { transfer: (length: number) => ArrayBuffer }).transfer(0);
  }
}

/**
 * The job's final step: the forms in the order the records were asked for, each as it was made
 * (same process) or read back from storage as the zip takes it (never the whole job in memory),
 * and the result beside it.
 */
async function zipForms(
  deps: FillDeps,
  job: Job,
  items: AsyncIterable<FinishedItem<FormItem, MadeForm>>,
  names: { template: string; table: string },
): Promise<JobOutcome> {
  const { ctx } = deps;
  const { payload } = job;
  const keys = jobArtifactKeys(job.id);
  const zip = createZipSink(ctx.storage, keys.zip);
  const results = createResultLog(ctx.storage, keys.results);
  const errors: GenerationError[] = [];
  const fail = (recordId: string, label: string | null, detail: string) =>
    errors.push({
      record_id: recordId,
      record_display_name: label,
      template_id: payload.template_id,
      template_name: names.template,
      detail,
    });
  try {
    for await (const item of items) {
      if (!item.ok) {
        fail(item.itemId, item.label, item.error);
        continue;
      }
      const row = item.made?.row ?? (await findStoredForm(ctx.db, job.ownerId, item.value.formId));
      if (row) {
        const bytes = item.made?.bytes ?? new Uint8Array(await ctx.storage.read(row.file_key));
        await zip.add(row.file_name, bytes, () => release(bytes));
        await results.add(toResultItem(row, item.value.email));
      } else {
        fail(item.itemId, null, 'The form was deleted before the zip was made');
      }
    }
  } catch (error) {
    await zip.abort();
    await results.abort();
    throw error;
  }
  const zipName = `${sanitizeFileNamePart(names.template, 'Forms')}_${sanitizeFileNamePart(names.table, 'Table')}_${formatIsoDate(new Date(payload.now))}.zip`;
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
    template_name: names.template,
    table_name: names.table,
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
