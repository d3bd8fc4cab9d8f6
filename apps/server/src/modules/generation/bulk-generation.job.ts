import { derivedId } from '../../lib/jobs/derived-id.ts';
import type { ItemResult, ItemRun, JobDefinition } from '../../lib/jobs/job-queue.ts';
import { trySendFormsByEmail } from '../completed-forms/completed-forms.public.ts';
import {
  findStoredForm,
  listJobForms,
  type StoredCompletedForm,
} from '../completed-forms/completed-forms.public.ts';
import type { FillDeps } from '../completed-forms/completed-forms.public.ts';
import { jobArtifactKeys } from '../jobs/jobs.public.ts';
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
import { createRowBatch } from './row-batch.ts';
import {
  BULK_GENERATION,
  bulkGenerationPayloadSchema,
  formItemSchema,
  type BulkGenerationPayload,
  type BulkJob,
  type FormItem,
  type MadeForm,
} from './bulk-generation.payload.ts';
import { zipForms } from './bulk-generation.zip.ts';
import { jobActor } from '../../lib/audit/audit-actor.ts';

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

  const sources = (job: BulkJob) => {
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

  const email = async (job: BulkJob, row: StoredCompletedForm, bytes: Uint8Array) => {
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
    job: BulkJob,
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
  async function jobNames(job: BulkJob) {
    try {
      const loaded = await sources(job);
      return { template: loaded.template.name, table: loaded.table.table.name };
    } catch {
      const [first] = await listJobForms(ctx.db, job.ownerId, job.id);
      return { template: first?.template_name ?? 'Forms', table: first?.table_name ?? 'Table' };
    }
  }
}
