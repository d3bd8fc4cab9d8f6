import type { ImportPreview } from '@formbridge/contract/imports';
import { readImportCell, type ImportFormat } from '@formbridge/contract/import-formats';
import type { Field } from '@formbridge/contract/tables';
import type { ColumnMapping } from '../api/import-export-api';
import { ScrollRegion } from '../../../../components/ui/scroll-region.tsx';

type Props = {
  preview: ImportPreview;
  /** Date and number cells show how they will be read in this format. */
  format: ImportFormat;
  fields: readonly Field[];
  mapping: ColumnMapping;
  columnErrors: Readonly<Record<string, string>>;
  onChange: (column: string, field: string | null) => void;
};

const SAMPLE_ROWS = 10;

/** How a date or number cell will be stored: '→ 2020-02-01', or that it cannot be read. */
function ReadAs({ text, type, format }: { text: string; type?: string; format: ImportFormat }) {
  if ((type !== 'date' && type !== 'number') || text.trim() === '') {
    return null;
  }
  const cell = readImportCell(type, text, format);
  return cell.isReadable ? (
    <span className="block text-xs text-green-700" data-testid="read-as">
      → {typeof cell.value === 'number' ? cell.value.toLocaleString() : String(cell.value)}
    </span>
  ) : (
    <span className="block text-xs text-red-600" data-testid="read-as">
      → not a {type === 'date' ? 'date' : 'number'} in this format
    </span>
  );
}

/** The file's columns, each with the field it goes to, above its first rows. */
export function ImportPreviewTable({
  preview,
  format,
  fields,
  mapping,
  columnErrors,
  onChange,
}: Props) {
  // Files are attached one by one to saved records; a CSV cannot carry them.
  const targets = fields.filter((field) => field.type !== 'file');
  const typeOf = new Map(fields.map((field) => [field.name, field.type]));
  return (
    <ScrollRegion
      label="Rows to import"
      className="max-h-[45vh] overflow-auto rounded-md ring-1 ring-slate-200"
    >
      <table className="min-w-full text-sm">
        <thead className="sticky top-0 z-10 bg-slate-50 text-left align-top">
          <tr>
            {preview.columns.map((column) => {
              const error = columnErrors[column];
              return (
                <th key={column} scope="col" className="min-w-40 px-3 py-2 font-normal">
                  <span className="block truncate font-semibold text-slate-800" title={column}>
                    {column}
                  </span>
                  <select
                    aria-label={`Field for column ${column}`}
                    aria-invalid={error ? true : undefined}
                    value={mapping[column] ?? ''}
                    onChange={(event) => onChange(column, event.target.value || null)}
                    className={`mt-1 block w-full rounded-md border bg-white px-2 py-1 text-sm ${
                      error ? 'border-red-400' : 'border-slate-300'
                    }`}
                  >
                    <option value="">Don&apos;t import</option>
                    {targets.map((field) => (
                      <option key={field.name} value={field.name}>
                        {field.label}
                      </option>
                    ))}
                  </select>
                  {error ? <span className="mt-1 block text-xs text-red-600">{error}</span> : null}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {preview.sample_rows.slice(0, SAMPLE_ROWS).map((row, rowIndex) => (
            <tr key={rowIndex}>
              {preview.columns.map((column, index) => (
                <td key={column} className="max-w-48 truncate px-3 py-1.5 text-slate-600">
                  {row[index] ?? ''}
                  <ReadAs
                    text={row[index] ?? ''}
                    type={typeOf.get(mapping[column] ?? '')}
                    format={format}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
