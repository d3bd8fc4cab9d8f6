import {
  isFinishedJobStatus,
  type Job,
  type JobKind,
  type JobProgress,
  type JobResponse,
  type JobStatus,
} from '@formbridge/contract/jobs';
import type { JobRow } from '../../lib/jobs/job-store.ts';
import type { UrlSigner } from '../../lib/signed-urls.ts';
import { signCompletedFormUrls } from '../completed-forms/completed-forms.presenter.ts';
import type { StoredGenerationResult } from '../generation/generation-result.ts';

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

/** The job, plus the generation result at the top level once it has finished. */
export function presentJobResponse(row: JobRow, signer: UrlSigner): JobResponse {
  const job = presentJob(row, signer);
  if (!isFinishedJobStatus(job.status) || row.result === null) {
    return { job };
  }
  const { zip, merged, results, ...rest } = JSON.parse(row.result) as StoredGenerationResult;
  return {
    job,
    ...rest,
    results: results.map((item) => {
      const urls = signCompletedFormUrls(signer, item.completed_form_id);
      return { ...item, pdf_file_path: urls.view, file_path: urls.download };
    }),
    zip_download_url: zip ? signer.sign(jobZipPath(row.id)) : null,
    merged_download_url: merged ? signer.sign(jobMergedPath(row.id)) : null,
  };
}
