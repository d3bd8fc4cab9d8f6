import type { FastifyReply } from 'fastify';
import {
  generationResultItemSchema,
  isFinishedJobStatus,
  jobResponseSchema,
  type GenerationResultItem,
  type Job,
  type JobKind,
  type JobProgress,
  type JobStatus,
} from '@formbridge/contract/jobs';
import type { JobRow } from '../../lib/jobs/job-store.ts';
import type { UrlSigner } from '../../lib/signed-urls.ts';
import { signCompletedFormUrls } from '../completed-forms/completed-forms.presenter.ts';
import type { StoredGenerationResult, StoredResultItem } from '../generation/generation-result.ts';

export function jobEventsPath(id: string): string {
  return `/api/v1/jobs/${id}/events`;
}

export function jobZipPath(id: string): string {
  return `/api/v1/jobs/${id}/zip`;
}

export function jobMergedPath(id: string): string {
  return `/api/v1/jobs/${id}/merged`;
}

export function presentJobProgress(row: JobRow): JobProgress {
  return {
    id: row.id,
    status: row.status as JobStatus,
    done: row.done,
    total: row.total,
    failed: row.failed,
  };
}

export function presentJob(row: JobRow, signer: UrlSigner): Job {
  return {
    ...presentJobProgress(row),
    kind: row.kind as JobKind,
    error: row.error,
    created_at: row.created_at,
    updated_at: row.updated_at,
    finished_at: row.finished_at,
    events_url: signer.sign(jobEventsPath(row.id)),
  };
}

function presentResultItem(item: StoredResultItem, signer: UrlSigner): GenerationResultItem {
  const urls = signCompletedFormUrls(signer, item.completed_form_id);
  return { ...item, pdf_file_path: urls.view, file_path: urls.download };
}

/**
 * The job, plus the generation result at the top level once it has finished, as the JSON text
 * the routes send. Checked against the contract as the response serializer would, but one result
 * at a time: the whole answer presented and checked at once held three copies of every result
 * (parsed, presented, checked), +13 MB for a moment after a 5,000-form job (docs/benchmarks.md).
 */
export function jobResponseJson(row: JobRow, signer: UrlSigner): string {
  const job = presentJob(row, signer);
  if (!isFinishedJobStatus(job.status) || row.result === null) {
    return JSON.stringify(jobResponseSchema.parse({ job }));
  }
  const { zip, merged, results, ...rest } = JSON.parse(row.result) as StoredGenerationResult;
  const head = JSON.stringify(
    jobResponseSchema.parse({
      job,
      ...rest,
      results: [],
      zip_download_url: zip ? signer.sign(jobZipPath(row.id)) : null,
      merged_download_url: merged ? signer.sign(jobMergedPath(row.id)) : null,
    }),
  );
  const items = results.map((item) =>
    JSON.stringify(generationResultItemSchema.parse(presentResultItem(item, signer))),
  );
  // Inside JSON strings quotes are escaped, so this is the member itself.
  return head.replace('"results":[]', () => `"results":[${items.join(',')}]`);
}

/**
 * Sends `jobResponseJson`: text already checked against the route's response schema goes out as
 * it is (Fastify serializes no string sent with a JSON content type).
 */
export function sendJobResponse(reply: FastifyReply, row: JobRow, signer: UrlSigner) {
  return reply.type('application/json; charset=utf-8').send(jobResponseJson(row, signer));
}
