import type { JobResponse } from '@formbridge/contract/jobs';
import { GenerationResultReport } from './generation-result-report';

/** The results step: how many succeeded, each file, the zip, and what failed and why. */
export function GenerationResults({ result }: { result: JobResponse }) {
  const results = result.results ?? [];
  const errors = result.errors ?? [];
  return (
    <div className="space-y-4" data-testid="generation-results">
      <p className="font-medium text-slate-900">
        Successfully generated {result.successful ?? 0} of {result.total ?? result.job.total} forms
      </p>
      {results.length > 1 && result.zip_download_url ? (
        <a
          href={result.zip_download_url}
          className="inline-block rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
        >
          Download All
        </a>
      ) : null}
      {result.merged_download_url ? (
        <a
          href={result.merged_download_url}
          target="_blank"
          rel="noreferrer"
          className="ml-2 inline-block text-sm font-medium text-indigo-600"
        >
          Download as one PDF
        </a>
      ) : null}
      {results.length > 0 ? (
        <ul
          className="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-md ring-1 ring-slate-200"
          aria-label="Generated forms"
          tabIndex={0}
        >
          {results.map((item) => (
            <li
              key={item.completed_form_id}
              className="flex items-start justify-between gap-3 px-3 py-2 text-sm"
            >
              <span className="min-w-0">
                <span className="block truncate">{item.file_name}</span>
                <GenerationResultReport item={item} />
                {item.email_error ? (
                  <span className="block text-xs text-red-600">{item.email_error}</span>
                ) : null}
              </span>
              <a
                href={item.file_path}
                className="shrink-0 text-xs font-medium text-indigo-600 hover:text-indigo-500"
              >
                Download
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {errors.length > 0 ? (
        <ul
          className="space-y-1 rounded-md bg-red-50 p-3 text-sm text-red-700"
          aria-label="Generation errors"
        >
          {errors.map((item, index) => (
            <li key={`${item.record_id ?? item.template_id ?? ''}-${index}`}>
              <span className="font-medium">
                {[item.template_name, item.record_display_name]
                  .filter((part) => part !== null && part !== '')
                  .join(' – ') || 'Item'}
                :
              </span>{' '}
              {item.detail}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
