import { formatDate } from '../../../lib/format';
import { useTemplateRevisionsFor } from '../api/forms-api';

/**
 * Which revision of the template to fill (issue 32): shown only when the template has more than
 * one; '' is the current revision.
 */
export function FormRevisionSelect({
  templateId,
  value,
  onChange,
  className,
}: {
  templateId: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
}) {
  const revisions = useTemplateRevisionsFor(templateId);
  const list = revisions.data?.revisions ?? [];
  if (list.length < 2) {
    return null;
  }
  return (
    <label className="block text-sm font-medium text-slate-700">
      Revision to fill
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
