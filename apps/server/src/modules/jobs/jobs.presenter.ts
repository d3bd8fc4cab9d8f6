import { Readable } from 'node:stream';
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
import type { JobView } from '../../lib/jobs/job-store.ts';
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

export function presentJobProgress(
  row: Pick<JobView, 'id' | 'status' | 'done' | 'total' | 'failed'>,
): JobProgress {
  return {
    id: row.id,
    status: row.status as JobStatus,
    done: row.done,
    total: row.total,
    failed: row.failed,
  };
}

export function presentJob(row: JobView, signer: UrlSigner): Job {
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

// Results per piece of a streamed answer: ~70 KB of text.
const RESULTS_PER_PIECE = 100;

/**
 * The job, plus the generation result at the top level once it has finished, as pieces of JSON
 * text whose concatenation is the answer. Checked against the contract as the response
 * serializer would, but one result at a time, and never joined into one text: the whole answer
 * presented, checked and written at once held the parsed stored result, the presented and the
 * checked copy of every result, and the text twice (+13 MB for a moment after 5,000 forms;
 * docs/benchmarks.md).
 */
export function jobResponsePieces(row: JobView, signer: UrlSigner): string[] {
  const job = presentJob(row, signer);
  if (!isFinishedJobStatus(job.status) || row.result === null) {
    return [JSON.stringify(jobResponseSchema.parse({ job }))];
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
  // Inside JSON strings quotes are escaped, so this is the member itself.
  const at = head.indexOf('"results":[]') + '"results":['.length;
  const pieces = [head.slice(0, at)];
  for (let start = 0; start < results.length; start += RESULTS_PER_PIECE) {
    const texts = results
      .slice(start, start + RESULTS_PER_PIECE)
      .map((item) =>
        JSON.stringify(generationResultItemSchema.parse(presentResultItem(item, signer))),
      );
    pieces.push(`${start > 0 ? ',' : ''}${texts.join(',')}`);
  }
  pieces.push(head.slice(at));
  return pieces;
}

/**
 * Sends `jobResponsePieces`: text already checked against the route's response schema goes out
 * as it is (Fastify serializes no string or stream sent with a JSON content type), a long answer
 * as a stream of its pieces.
 */
export function sendJobResponse(reply: FastifyReply, row: JobView, signer: UrlSigner) {
  const pieces = jobResponsePieces(row, signer);
  return reply
    .type('application/json; charset=utf-8')
    .send(pieces.length === 1 ? pieces[0] : Readable.from(pieces));
}
