import { getFieldTypeLabel, type TableResponse } from '@formbridge/contract/tables';
import { Link } from 'react-router';
import { ScrollRegion } from '../../../../components/ui/scroll-region.tsx';

type Props = { table: TableResponse; tableNames: ReadonlyMap<string, string> };

/** 'Field Definitions': name (and label when it differs), type, required. */
export function TableFieldDefinitions({ table, tableNames }: Props) {
  return (
    <section
      aria-labelledby="field-definitions-heading"
      className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
    >
      <h2
        id="field-definitions-heading"
        className="border-b border-slate-200 px-5 py-3 font-semibold text-slate-900"
      >
        Field Definitions
      </h2>
      <ScrollRegion label="Field definitions" className="overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-5 py-2">
                Field Name
              </th>
              <th scope="col" className="px-5 py-2">
                Type
              </th>
              <th scope="col" className="px-5 py-2">
                Required
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.fields.map((field) => (
              <tr key={field.name}>
                <td className="px-5 py-2 break-all text-slate-800">
                  {field.name}
                  {field.label !== field.name ? (
                    <span className="block text-xs text-slate-500">{field.label}</span>
                  ) : null}
                </td>
                <td className="px-5 py-2 text-slate-600">
                  {getFieldTypeLabel(field.type)}
                  {field.type === 'link' && field.linked_table_id ? (
                    <>
                      {' → '}
                      <Link
                        to={`/tables/${field.linked_table_id}`}
                        className="text-indigo-600 hover:text-indigo-500"
                      >
                        {tableNames.get(field.linked_table_id) ?? 'linked table'}
                      </Link>
                    </>
                  ) : null}
                </td>
                <td className="px-5 py-2 text-slate-600">{field.required ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
