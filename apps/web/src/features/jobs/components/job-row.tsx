import type { JobListItem, JobStatus } from '@formbridge/contract/jobs';
import { formatCount, formatDateTime } from '../../../lib/format';

const KIND_LABELS: Record<JobListItem['kind'], string> = {
  bulk_generation: 'Bulk generation',
  multi_template_generation: 'Multi-template generation',
};

const STATUS_LABELS: Record<JobStatus, { text: string; className: string }> = {
  queued: { text: 'Queued', className: 'bg-slate-100 text-slate-700' },
  running: { text: 'Running', className: 'bg-indigo-50 text-indigo-700' },
  succeeded: { text: 'Finished', className: 'bg-emerald-50 text-emerald-700' },
  failed: { text: 'Failed', className: 'bg-red-50 text-red-700' },
};

/** One job: what it was, when, how far it got, why it failed, and its zip while there is one. */
export function JobRow({ job }: { job: JobListItem }) {
  const status = STATUS_LABELS[job.status];
  const made = job.done - job.failed;
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">
            {KIND_LABELS[job.kind]}
            {job.label ? <span className="font-normal text-slate-600"> · {job.label}</span> : null}
          </h3>
          <p className="text-xs text-slate-500">
            Started {formatDateTime(job.created_at)}
            {job.finished_at ? ` · ended ${formatDateTime(job.finished_at)}` : ''}
          </p>
        </div>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${status.className}`}>
          {status.text}
        </span>
      </div>
      <p className="text-sm text-slate-700">
        {made} of {formatCount(job.total, 'form')} generated
        {job.failed > 0 ? `, ${job.failed} failed` : ''}
      </p>
      {job.error ? (
        <p className="rounded-md bg-red-50 p-2 text-sm break-words text-red-800">{job.error}</p>
      ) : null}
      {job.zip_download_url ? (
        <a
          href={job.zip_download_url}
          className="inline-block text-sm font-medium text-indigo-600 hover:text-indigo-800"
        >
          Download all as zip
        </a>
      ) : null}
    </li>
  );
}
