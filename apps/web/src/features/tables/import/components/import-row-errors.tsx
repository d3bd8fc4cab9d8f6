import type { RowProblem } from '../utils/import-problems';
import { ScrollRegion } from '../../../../components/ui/scroll-region.tsx';

/** The rows the import refused, by row number (the header is row 1) and column. */
export function ImportRowErrors({ problems }: { problems: RowProblem[] }) {
  if (problems.length === 0) {
    return null;
  }
  return (
    <div role="alert" className="space-y-2">
      <p className="text-sm font-medium text-red-700">
        Nothing was imported. Fix these rows in the file and import it again:
      </p>
      <ScrollRegion
        label="Rows with errors"
        className="max-h-60 overflow-auto rounded-md ring-1 ring-red-200"
      >
        <table className="min-w-full text-sm">
          <thead className="sticky top-0 bg-red-50 text-left text-xs font-semibold uppercase tracking-wide text-red-700">
            <tr>
              <th scope="col" className="px-3 py-1.5">
                Row
              </th>
              <th scope="col" className="px-3 py-1.5">
                Column
              </th>
              <th scope="col" className="px-3 py-1.5">
                Problem
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-red-100 bg-white">
            {problems.map((problem, index) => (
              <tr key={index}>
                <td className="px-3 py-1.5 text-slate-700">{problem.row ?? ''}</td>
                <td className="px-3 py-1.5 text-slate-700">{problem.column ?? ''}</td>
                <td className="px-3 py-1.5 text-slate-700">{problem.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
