import { formatIsoDate } from '@formbridge/contract/dates';
import { sanitizeFileNamePart } from '@formbridge/contract/file-names';
import type { GenerationError } from '@formbridge/contract/jobs';
import { derivedId } from '../../lib/jobs/derived-id.ts';
import type { ItemOutcome, JobRef, SplitJob, StoredItem } from '../../lib/jobs/job-queue.ts';
import { trySendFormsByEmail } from '../completed-forms/completed-forms.email.ts';
import {
  findCompletedFormById,
  listJobForms,
  type CompletedFormListRow,
} from '../completed-forms/completed-forms.public.ts';
import type { BulkGenerationPayload } from './bulk-generation.job.ts';
import type { GenerationDeps } from './generation-deps.ts';
import { jobArtifactKeys, toResultItem } from './generation-result.ts';
import {
  loadRecordBatch,
  loadTableSource,
  loadTemplateSource,
  readTemplateBytes,
  type TableSource,
  type TemplateSource,
} from './generation-source.ts';
import { produceForm } from './produce-form.ts';
import { createResultLog } from './result-log.ts';
import { createZipSink } from './zip-sink.ts';

type Sources = { table: TableSource; template: TemplateSource; templateBytes: Uint8Array };
type Job = JobRef<BulkGenerationPayload>;

// A worker holds the table, template and template PDF of the few jobs it is working on, so a
// record task reads only its record; a job never seen before is loaded once.
const CACHED_JOBS = 4;

/**
 * The bulk job split for the shared queue: one task per record, then a task that builds the zip
 * from the stored forms. A record's form has an id derived from (job, template, record), so a
 * retried task finds or rewrites that one form and never adds a second.
 */
export function bulkGenerationSplit(deps: GenerationDeps): SplitJob<BulkGenerationPayload> {
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

  const email = async (job: Job, row: CompletedFormListRow, bytes: Uint8Array) => {
    if (!job.payload.send_email) {
      return null;
    }
    const outcome = await trySendFormsByEmail(
      ctx,
      job.ownerId,
      [{ ...row, bytes }],
      job.payload.email_recipients,
      job.payload.user_email,
      deps.log,
    );
    return { sent_to: outcome.sent_to, error: outcome.error };
  };

  const runItem = async (job: Job, recordId: string): Promise<ItemOutcome> => {
    const { table, template, templateBytes } = await sources(job);
    // A retry after the form was stored but before its outcome was: reuse it (the e-mail may go
    // twice in that window; it is sent at least once).
    const existing = await findCompletedFormById(
      ctx.db,
      derivedId('completed-form', job.id, template.id, recordId),
    );
    if (existing) {
      const bytes = new Uint8Array(await ctx.storage.read(existing.file_key));
      return { ok: true, formId: existing.id, email: await email(job, existing, bytes) };
    }
    const batch = await loadRecordBatch(ctx.db, job.ownerId, table, [recordId]);
    const record = batch.records.get(recordId);
    if (!record) {
      return {
        ok: false,
        displayName: null,
        error: 'Record not found: it was deleted after the generation started',
      };
    }
    const produced = await produceForm(
      { db: ctx.db, storage: ctx.storage, pool },
      {
        ownerId: job.ownerId,
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
      return { ok: false, displayName: produced.recordDisplayName, error: produced.detail };
    }
    return {
      ok: true,
      formId: produced.row.id,
      email: await email(job, produced.row, produced.bytes),
    };
  };

  const finish = async (job: Job, items: StoredItem[]) => {
    const { payload } = job;
    const forms = new Map(
      (await listJobForms(ctx.db, job.ownerId, job.id)).map((row) => [row.id, row]),
    );
    const byRecord = new Map(items.map((item) => [item.itemId, item]));
    const first = forms.values().next().value;
    const names = await sources(job)
      .then((loaded) => ({ template: loaded.template.name, table: loaded.table.table.name }))
      .catch(() => ({
        template: first?.template_name ?? 'Forms',
        table: first?.table_name ?? 'Table',
      }));
    cache.delete(job.id);
    const keys = jobArtifactKeys(job.id);
    const zip = createZipSink(ctx.storage, keys.zip);
    const results = createResultLog(ctx.storage, keys.results);
    const errors: GenerationError[] = [];
    try {
      // In the order the records were asked for, each form read from storage as the zip takes it.
      for (const recordId of payload.record_ids) {
        const item = byRecord.get(recordId);
        const row = item?.ok ? forms.get(item.formId) : undefined;
        if (item?.ok && row) {
          await zip.add(row.file_name, new Uint8Array(await ctx.storage.read(row.file_key)));
          await results.add(toResultItem(row, item.email));
        } else {
          errors.push({
            record_id: recordId,
            record_display_name: item && !item.ok ? item.displayName : null,
            template_id: payload.template_id,
            template_name: names.template,
            detail: item && !item.ok ? item.error : 'The form was deleted before the zip was made',
          });
        }
      }
    } catch (error) {
      await zip.abort();
      await results.abort();
      throw error;
    }
    const now = new Date(payload.now);
    const zipName = `${sanitizeFileNamePart(names.template, 'Forms')}_${sanitizeFileNamePart(names.table, 'Table')}_${formatIsoDate(now)}.zip`;
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
      status: isSuccess ? ('succeeded' as const) : ('failed' as const),
      result,
      error: isSuccess ? null : `None of the ${payload.record_ids.length} forms could be generated`,
      done: results.count + errors.length,
      failed: errors.length,
    };
  };

  return { items: (payload) => payload.record_ids, runItem, finish };
}
