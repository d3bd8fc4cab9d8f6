import type { TemplateRevisionList } from '@formbridge/contract/template-revisions';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';

/** The template's revisions, under the template page's key so an upload refreshes the pickers. */
function useTemplateRevisionsFor(templateId: string) {
  return useQuery({
    queryKey: queryKeys.templates.revisions(templateId),
    queryFn: () =>
      apiRequest<TemplateRevisionList>(`/api/v1/pdf-templates/${templateId}/revisions`),
    enabled: templateId !== '',
  });
}

/**
 * Which revision of the template to fill (issue 32), for the single, bulk and multi-template
 * generation dialogs: shown only when the template has more than one; '' is the current revision.
 */
export function TemplateRevisionSelect({
  templateId,
  value,
  onChange,
  className,
  label = 'Revision to fill',
}: {
  templateId: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
  label?: string;
}) {
  const revisions = useTemplateRevisionsFor(templateId);
  const list = revisions.data?.revisions ?? [];
  if (list.length < 2) {
    return null;
  }
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <select
        className={className}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Current (revision {revisions.data?.current_revision})</option>
        {list
          .filter((revision) => !revision.is_current)
          .map((revision) => (
            <option key={revision.revision} value={String(revision.revision)}>
              Revision {revision.revision} ({formatDate(revision.created_at)})
            </option>
          ))}
      </select>
    </label>
  );
}
