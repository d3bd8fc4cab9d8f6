import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { FastifyReply } from 'fastify';
import {
  generationResultItemSchema,
  isFinishedJobStatus,
  jobResponseSchema,
  type GenerationResultItem,
  type Job,
  type JobListItem,
  type JobKind,
  type JobProgress,
  type JobStatus,
} from '@formbridge/contract/jobs';
import type { JobView } from '../../lib/jobs/job-store.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import type { UrlSigner } from '../../lib/signed-urls.ts';
import { signCompletedFormUrls } from '../completed-forms/completed-forms.public.ts';
import type { StoredGenerationResult, StoredResultItem } from './job-result.ts';

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

/** What a finished job made forms of, from its stored result: "Template · Table" (bulk). */
function describeResult(result: StoredGenerationResult): string {
  const subject = result.template_name ?? result.record_display_name;
  return subject ? `${subject} · ${result.table_name}` : result.table_name;
}

/** A job in the user's list; the zip's signed URL while its result names one. */
export function presentJobListItem(row: JobView, signer: UrlSigner): JobListItem {
  const result = row.result ? (JSON.parse(row.result) as StoredGenerationResult) : null;
  return {
    id: row.id,
    kind: row.kind as JobKind,
    status: row.status as JobStatus,
    done: row.done,
    failed: row.failed,
    total: row.total,
    created_at: row.created_at,
    finished_at: row.finished_at,
    error: row.error,
    zip_download_url: result?.zip ? signer.sign(jobZipPath(row.id)) : null,
    label: result ? describeResult(result) : null,
  };
}

function presentResultItem(item: StoredResultItem, signer: UrlSigner): GenerationResultItem {
  const urls = signCompletedFormUrls(signer, item.completed_form_id);
  return { ...item, pdf_file_path: urls.view, file_path: urls.download };
}

// Results per piece of a streamed answer: ~70 KB of text.
const RESULTS_PER_PIECE = 100;

/** The entries of a result file (result-log.ts), one JSON entry a line, read as they stream in. */
async function* readResultEntries(stream: Readable): AsyncGenerator<StoredResultItem> {
  const decoder = new StringDecoder('utf8');
  let partial = '';
  for await (const chunk of stream) {
    const lines = (partial + decoder.write(chunk as Buffer)).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line) {
        yield JSON.parse(line) as StoredResultItem;
      }
    }
  }
  partial += decoder.end();
  if (partial) {
    yield JSON.parse(partial) as StoredResultItem;
  }
}

async function* answerPieces(
  head: string,
  entries: AsyncIterable<StoredResultItem> | Iterable<StoredResultItem>,
  signer: UrlSigner,
): AsyncGenerator<string> {
  // Inside JSON strings quotes are escaped, so this is the member itself.
  const at = head.indexOf('"results":[]') + '"results":['.length;
  yield head.slice(0, at);
  let texts: string[] = [];
  let isFirst = true;
  const piece = () => {
    const text = `${isFirst ? '' : ','}${texts.join(',')}`;
    isFirst = false;
    texts = [];
    return text;
  };
  for await (const item of entries) {
    texts.push(JSON.stringify(generationResultItemSchema.parse(presentResultItem(item, signer))));
    if (texts.length === RESULTS_PER_PIECE) {
      yield piece();
    }
  }
  if (texts.length > 0) {
    yield piece();
  }
  yield head.slice(at);
}

/**
 * The job as JSON text, or once it has finished with a generation result (at the top level) as
 * pieces of text whose concatenation is the answer. Checked against the contract as the response
 * serializer would, one result at a time, and made as the answer is sent: a bulk job's entries
 * are read from their stored file as they go out (result-log.ts), so a 5,000-form answer never
 * holds every entry, parsed or as text (docs/benchmarks.md). A missing result file throws here,
 * before anything is sent.
 */
export async function openJobResponse(
  row: JobView,
  signer: UrlSigner,
  storage: Storage,
): Promise<string | AsyncGenerator<string>> {
  const job = presentJob(row, signer);
  if (!isFinishedJobStatus(job.status) || row.result === null) {
    return JSON.stringify(jobResponseSchema.parse({ job }));
  }
  const { zip, merged, results, results_key, ...rest } = JSON.parse(
    row.result,
  ) as StoredGenerationResult;
  const head = JSON.stringify(
    jobResponseSchema.parse({
      job,
      ...rest,
      results: [],
      zip_download_url: zip ? signer.sign(jobZipPath(row.id)) : null,
      merged_download_url: merged ? signer.sign(jobMergedPath(row.id)) : null,
    }),
  );
  const entries = results_key
    ? readResultEntries((await storage.openStream(results_key)).stream)
    : results;
  return answerPieces(head, entries, signer);
}

/**
 * Sends `openJobResponse`: text already checked against the route's response schema goes out
 * as it is (Fastify serializes no string or stream sent with a JSON content type), a finished
 * job's answer as a stream of its pieces.
 */
export async function sendJobResponse(
  reply: FastifyReply,
  row: JobView,
  signer: UrlSigner,
  storage: Storage,
) {
  const answer = await openJobResponse(row, signer, storage);
  return reply
    .type('application/json; charset=utf-8')
    .send(typeof answer === 'string' ? answer : Readable.from(answer));
}
