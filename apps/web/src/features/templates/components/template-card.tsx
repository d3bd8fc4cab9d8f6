import type { TemplateSummary } from '@formbridge/contract/templates';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/workspace-context';

type Props = { template: TemplateSummary; onDelete: (template: TemplateSummary) => void };

export function TemplateCard({ template, onDelete }: Props) {
  const canEdit = useCan('editor');
  const navigate = useNavigate();
  const fieldLabel = template.field_count === 1 ? 'form field' : 'form fields';
  return (
    <article
      className="flex min-w-0 cursor-pointer flex-col rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-indigo-400"
      onClick={() => void navigate(`/templates/${template.id}`)}
    >
      <h3 className="truncate text-base font-semibold text-slate-900" title={template.name}>
        <Link to={`/templates/${template.id}`} onClick={(event) => event.stopPropagation()}>
          {template.name}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {template.field_count} {fieldLabel}
      </p>
      <p className="text-xs text-slate-500">Created {formatDate(template.created_at)}</p>
      {canEdit ? (
        <div className="mt-4 flex flex-wrap gap-2" onClick={(event) => event.stopPropagation()}>
          <Link
            to={`/mapping/${template.id}`}
            className="rounded-md bg-indigo-50 px-3 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-100"
          >
            Map Fields
          </Link>
          <button
            type="button"
            onClick={() => onDelete(template)}
            className="rounded-md px-3 py-1.5 text-sm font-medium text-red-600 hover:bg-red-50"
          >
            Delete
          </button>
        </div>
      ) : null}
    </article>
  );
}
