import type { GenerationError } from '@formbridge/contract/jobs';
import { sanitizeFileNamePart } from '@formbridge/contract/file-names';
import { formatIsoDate } from '@formbridge/contract/dates';
import type { FinishedItem, JobOutcome } from '../../lib/jobs/job-queue.ts';
import { findStoredForm, type FillDeps } from '../completed-forms/completed-forms.public.ts';
import { jobArtifactKeys, toResultItem } from '../jobs/jobs.public.ts';
import type { BulkJob, FormItem, MadeForm } from './bulk-generation.payload.ts';
import { finishZip, generationOutcome } from './generation-outcome.ts';
import { createResultLog } from './result-log.ts';
import { createZipSink } from './zip-sink.ts';

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
export async function zipForms(
  deps: FillDeps,
  job: BulkJob,
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
  const zipArtifact = await finishZip(zip, results.count, keys.zip, zipName);
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
  return generationOutcome(result, payload.record_ids.length);
}
