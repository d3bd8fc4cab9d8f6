import type { RevisionUploadResponse } from '@formbridge/contract/template-revisions';
import { Link } from 'react-router';

type Group = { key: string; title: string; names: string[]; hint: string };

/** Only the unchanged fields fold away when there are many: the changes are what to read. */
const isOpen = (group: Group) => group.key !== 'kept' || group.names.length <= 8;

/** The fields of one group of the diff, folded when long. */
function DiffGroup({ group }: { group: Group }) {
  if (group.names.length === 0) {
    return null;
  }
  return (
    <details className="rounded-md ring-1 ring-slate-200" open={isOpen(group)}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">
        {group.title} <span className="text-slate-500">({group.names.length})</span>
        <span className="ml-2 text-xs font-normal text-slate-500">{group.hint}</span>
      </summary>
      <ul className="max-h-40 overflow-auto border-t border-slate-200 px-3 py-2 text-xs text-slate-700">
        {group.names.map((name) => (
          <li key={name} className="[overflow-wrap:anywhere]">
            {name}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** What a new revision changed: each group of fields, the mappings carried and those dropped. */
export function TemplateRevisionDiff({
  templateId,
  result,
}: {
  templateId: string;
  result: RevisionUploadResponse;
}) {
  const { diff } = result;
  const groups: Group[] = [
    {
      key: 'renamed',
      title: 'Renamed',
      names: diff.renamed.map((r) => `${r.from} → ${r.to}`),
      hint: 'same box, new name',
    },
    { key: 'moved', title: 'Moved', names: diff.moved, hint: 'same name, box moved' },
    { key: 'type', title: 'Type changed', names: diff.type_changed, hint: 'mapping not carried' },
    { key: 'added', title: 'Added', names: diff.added, hint: 'new fields to map' },
    { key: 'removed', title: 'Removed', names: diff.removed, hint: 'no longer in the form' },
    { key: 'kept', title: 'Kept', names: diff.kept, hint: 'unchanged' },
  ];
  return (
    <div className="space-y-3" data-testid="revision-diff">
      <p className="text-sm text-slate-700" role="status">
        Revision {result.revision} is now current.{' '}
        <strong data-testid="mappings-carried">{result.mappings_carried}</strong>{' '}
        {result.mappings_carried === 1 ? 'mapping was' : 'mappings were'} carried over.
      </p>
      {result.mappings_dropped.length > 0 ? (
        <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>
            {result.mappings_dropped.length === 1
              ? 'One mapping was'
              : `${result.mappings_dropped.length} mappings were`}{' '}
            dropped: {result.mappings_dropped.join(', ')}.
          </p>
          <Link to={`/mapping/${templateId}`} className="font-medium text-indigo-700 underline">
            Map the unmatched fields
          </Link>
        </div>
      ) : null}
      {groups.map((group) => (
        <DiffGroup key={group.key} group={group} />
      ))}
    </div>
  );
}
