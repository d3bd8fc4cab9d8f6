import type { CompletedForm } from '@formbridge/contract/completed-forms';
import { Link } from 'react-router';
import { FillProblemsBadge } from '../../../components/fill-report/fill-report-summary';
import { formatDateTime, formatNeedsALook } from '../../../lib/format';

type Props = {
  form: CompletedForm;
  /** Absent for a Viewer, who downloads and reads only. */
  onDelete?: ((form: CompletedForm) => void) | undefined;
  onPublicLink?: ((form: CompletedForm) => void) | undefined;
};

const action = 'rounded-md px-3 py-1.5 text-sm font-medium';

export function FormCard({ form, onDelete, onPublicLink }: Props) {
  return (
    <article
      className="flex min-w-0 flex-col rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-label={form.record_display_name}
    >
      <h3
        className="text-base font-semibold [overflow-wrap:anywhere] text-slate-900"
        title={form.record_display_name}
      >
        {form.record_display_name}
      </h3>
      <p className="text-sm [overflow-wrap:anywhere] text-slate-600">{form.template_name}</p>
      <p className="text-xs text-slate-500">Generated {formatDateTime(form.created_at)}</p>
      {form.email_sent_to.length > 0 ? (
        <p className="mt-1 truncate text-xs text-slate-500" title={form.email_sent_to.join(', ')}>
          Emailed to: {form.email_sent_to.join(', ')}
        </p>
      ) : null}
      {form.email_error ? (
        <p className="mt-1 truncate text-xs text-red-700" title={form.email_error}>
          E-mail not sent: {form.email_error}
        </p>
      ) : null}
      {form.fill_summary.with_problems > 0 ? (
        <p className="mt-1 flex items-center gap-2 text-xs text-amber-700">
          <FillProblemsBadge count={form.fill_summary.with_problems} />
          {formatNeedsALook(form.fill_summary.with_problems)}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <a
          href={form.download_url}
          target="_blank"
          rel="noreferrer"
          className={`${action} bg-indigo-600 text-white hover:bg-indigo-700`}
        >
          Download
        </a>
        {onPublicLink ? (
          <button
            type="button"
            onClick={() => onPublicLink(form)}
            className={`${action} text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50`}
          >
            Public Link
          </button>
        ) : null}
        <Link
          to={`/forms/${form.id}`}
          className={`${action} text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50`}
        >
          View Details
        </Link>
        {onDelete ? (
          <button
            type="button"
            onClick={() => onDelete(form)}
            className={`${action} text-red-600 hover:bg-red-50`}
          >
            Delete
          </button>
        ) : null}
      </div>
    </article>
  );
}
