import type { FieldMapping } from '@formbridge/contract/mappings';
import {
  sortFieldsByPosition,
  TEMPLATE_FIELD_TYPE_LABELS,
  type FieldDataDto,
} from '@formbridge/contract/templates';
import { Link } from 'react-router';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';

type Props = {
  templateId: string;
  fieldData: FieldDataDto;
  mappings: ReadonlyMap<string, FieldMapping>;
  /** Absent for a Viewer: mappings are shown, not removed, and nothing links to the mapper. */
  onRemoveMapping?: ((mapping: FieldMapping) => void) | undefined;
  removingId: string | null;
};

/**
 * Every field with its type, page and mapped target (its label and table, never the internal
 * key), or a way to map it. On a phone the type and page move under the name, so the mapping
 * and its Remove stay on screen.
 */
export function TemplateFieldsTable({
  templateId,
  fieldData,
  mappings,
  onRemoveMapping,
  removingId,
}: Props) {
  const fields = sortFieldsByPosition(fieldData);
  if (fields.length === 0) {
    return (
      <div className="rounded-md bg-slate-50 p-6 text-center">
        <p className="font-medium text-slate-700">No fields detected</p>
        <p className="mt-1 text-sm text-slate-500">
          This PDF template doesn&apos;t have any detectable form fields.
        </p>
      </div>
    );
  }
  return (
    <ScrollRegion label="Form fields" className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-2">
              Field name
            </th>
            <th scope="col" className="hidden px-4 py-2 sm:table-cell">
              Type
            </th>
            <th scope="col" className="hidden px-4 py-2 sm:table-cell">
              Page
            </th>
            <th scope="col" className="px-4 py-2">
              Mapped to
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {fields.map(([name, info]) => {
            const mapping = mappings.get(name);
            const typeLabel = TEMPLATE_FIELD_TYPE_LABELS[info.type] ?? 'Text';
            return (
              <tr key={name} data-field={name}>
                <td className="max-w-xs px-4 py-2 font-mono text-xs [overflow-wrap:anywhere] text-slate-800">
                  {name}
                  {info.tooltip || info.label ? (
                    <span className="block font-sans text-slate-500">
                      {info.tooltip ?? info.label}
                    </span>
                  ) : null}
                  <span className="block font-sans text-slate-500 sm:hidden">
                    {typeLabel} · page {info.page + 1}
                  </span>
                </td>
                <td className="hidden px-4 py-2 text-slate-600 sm:table-cell">{typeLabel}</td>
                <td className="hidden px-4 py-2 text-slate-600 sm:table-cell">{info.page + 1}</td>
                <td className="px-4 py-2">
                  {mapping ? (
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span
                        className="text-xs [overflow-wrap:anywhere] text-green-700"
                        title={mapping.mapped_field_key}
                      >
                        <span className="font-medium">{mapping.target_label}</span>
                        <span className="text-slate-500"> in {mapping.table_name}</span>
                      </span>
                      {onRemoveMapping ? (
                        <button
                          type="button"
                          onClick={() => onRemoveMapping(mapping)}
                          disabled={removingId === mapping.id}
                          aria-label={`Remove mapping of ${name}`}
                          className="inline-flex min-h-8 items-center px-1 text-xs font-medium text-red-600 hover:text-red-500 disabled:opacity-50"
                        >
                          Remove
                        </button>
                      ) : null}
                    </span>
                  ) : !onRemoveMapping ? (
                    <span className="text-xs text-slate-500">Not mapped</span>
                  ) : (
                    <Link
                      to={`/mapping/${templateId}`}
                      className="text-xs text-slate-500 hover:text-indigo-600"
                    >
                      Not mapped
                    </Link>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
