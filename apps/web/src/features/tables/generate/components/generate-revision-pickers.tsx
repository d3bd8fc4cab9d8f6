import type { TemplateSummary } from '@formbridge/contract/templates';
import { TemplateRevisionSelect } from '../../../../components/template-revision/template-revision-select';

/** Chosen revision per template id; '' (or absent) is the one current when the job starts. */
export type ChosenRevisions = Record<string, string>;

/** The body fields that pin the chosen revisions: bulk takes one, multi-template one per id. */
export function revisionBody(isBulk: boolean, selected: string[], chosen: ChosenRevisions) {
  const picked = Object.fromEntries(
    selected
      .filter((id) => (chosen[id] ?? '') !== '')
      .map((id) => [id, Number(chosen[id])] as const),
  );
  if (isBulk) {
    const revision = picked[selected[0] ?? ''];
    return revision === undefined ? {} : { template_revision: revision };
  }
  return Object.keys(picked).length === 0 ? {} : { template_revisions: picked };
}

/** One revision picker per selected template that has earlier revisions (issue 32). */
export function GenerateRevisionPickers({
  templates,
  selected,
  chosen,
  onChange,
}: {
  templates: TemplateSummary[];
  selected: string[];
  chosen: ChosenRevisions;
  onChange: (chosen: ChosenRevisions) => void;
}) {
  const names = new Map(templates.map((template) => [template.id, template.name]));
  return (
    <>
      {selected.map((id) => (
        <TemplateRevisionSelect
          key={id}
          templateId={id}
          value={chosen[id] ?? ''}
          onChange={(value) => onChange({ ...chosen, [id]: value })}
          label={selected.length === 1 ? 'Revision to fill' : `Revision of ${names.get(id) ?? id}`}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
      ))}
    </>
  );
}
