import type { FillReportDto } from '@formbridge/contract/completed-forms';
import { fieldNotes, FillProblemsBadge } from '../../../components/fill-report/fill-report-summary';
import { formatCount, formatNeedsALook } from '../../../lib/format';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';

/** What the engine wrote in every mapped field, with anything that needs a look first. */
export function FormFillReport({ report }: { report: FillReportDto }) {
  const withProblems = report.fields.filter((field) => field.problems.length > 0);
  const rows = [...withProblems, ...report.fields.filter((field) => field.problems.length === 0)];
  return (
    <section
      className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
      aria-label="Fill report"
    >
      <div className="border-b border-slate-200 px-4 py-3">
        <div className="flex items-center gap-2">
          <h2 className="font-semibold text-slate-900">Fill report</h2>
          <FillProblemsBadge count={withProblems.length} />
        </div>
        <p className="text-sm text-slate-500">
          {formatCount(report.fields.length, 'mapped field')} ·{' '}
          {withProblems.length === 0
            ? 'all written as they are'
            : formatNeedsALook(withProblems.length)}
        </p>
      </div>
      {report.problems.length > 0 ? (
        <ul className="border-b border-slate-200 bg-amber-50 px-4 py-2 text-sm text-amber-800">
          {report.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <ScrollRegion label="Fields written" className="max-h-96 overflow-auto">
        <table className="min-w-full divide-y divide-slate-100 text-sm">
          <thead className="sticky top-0 bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-2">
                Field
              </th>
              <th scope="col" className="px-4 py-2">
                Value written
              </th>
              <th scope="col" className="px-4 py-2">
                Font
              </th>
              <th scope="col" className="px-4 py-2">
                Problems
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((field) => (
              <tr
                key={field.field}
                className={field.problems.length > 0 ? 'bg-amber-50' : undefined}
              >
                <td className="px-4 py-2 font-mono text-xs break-all">{field.field}</td>
                <td className="px-4 py-2 [overflow-wrap:anywhere]">{field.value_written ?? '—'}</td>
                <td className="px-4 py-2 text-xs text-slate-500">
                  {field.font
                    ? `${field.font}${field.font_size ? ` ${Math.round(field.font_size * 10) / 10} pt` : ''}`
                    : '—'}
                </td>
                <td className="px-4 py-2 text-xs text-amber-800">
                  {field.problems.join('; ')}
                  {fieldNotes(field).map((note) => (
                    <span key={note} className="block text-slate-500">
                      {note}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
