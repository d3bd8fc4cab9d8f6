import {
  sortFieldsByPosition,
  TEMPLATE_FIELD_TYPE_LABELS,
  type FieldDataDto,
} from '@formbridge/contract/templates';

export function TemplateFieldsTable({ fieldData }: { fieldData: FieldDataDto }) {
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
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-2">
              Field name
            </th>
            <th scope="col" className="px-4 py-2">
              Type
            </th>
            <th scope="col" className="px-4 py-2">
              Page
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {fields.map(([name, info]) => (
            <tr key={name}>
              <td className="max-w-md px-4 py-2 font-mono text-xs break-all text-slate-800">
                {name}
                {info.label || info.tooltip ? (
                  <span className="block font-sans text-slate-500">
                    {info.tooltip ?? info.label}
                  </span>
                ) : null}
              </td>
              <td className="px-4 py-2 text-slate-600">
                {TEMPLATE_FIELD_TYPE_LABELS[info.type] ?? 'Text'}
              </td>
              <td className="px-4 py-2 text-slate-600">{info.page + 1}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
