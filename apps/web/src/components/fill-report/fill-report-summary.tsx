import type { FillReportDto } from '@formbridge/contract/completed-forms';
import { formatCount } from '../../lib/format';

// The fill report at a glance, wherever a generated form is shown before its download: a badge
// with the number of problems, and the fields that have problems or notes, one line each.

/** Amber badge with the count of fields that have problems; green when there are none. */
export function FillProblemsBadge({ count }: { count: number }) {
  return count > 0 ? (
    <span className="inline-flex shrink-0 items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
      {formatCount(count, 'problem')}
    </span>
  ) : (
    <span className="inline-flex shrink-0 items-center rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
      No problems
    </span>
  );
}

/** What the report says about one field besides its value: notes and the addendum item. */
export function fieldNotes(field: FillReportDto['fields'][number]): string[] {
  return [
    ...(field.notes ?? []),
    ...(field.addendum_item !== undefined && !(field.notes ?? []).length
      ? [`full value on the addendum page, item ${field.addendum_item}`]
      : []),
  ];
}

/** Document problems, then every field with problems or notes; nothing when all is well. */
export function FillProblemList({ report }: { report: FillReportDto }) {
  const fields = report.fields.filter(
    (field) => field.problems.length > 0 || fieldNotes(field).length > 0,
  );
  if (fields.length === 0 && report.problems.length === 0) {
    return <p className="text-sm text-slate-500">Every mapped field was written as it is.</p>;
  }
  return (
    <ul
      className="max-h-64 space-y-1 overflow-y-auto text-sm"
      aria-label="Fields to check"
      tabIndex={0}
    >
      {report.problems.map((problem) => (
        <li key={problem} className="text-amber-800">
          {problem}
        </li>
      ))}
      {fields.map((field) => (
        <li key={field.field} className="[overflow-wrap:anywhere]">
          <span className="font-mono text-xs text-slate-700">{field.field}</span>
          {field.problems.length > 0 ? (
            <span className="text-amber-800">: {field.problems.join('; ')}</span>
          ) : null}
          {fieldNotes(field).map((note) => (
            <span key={note} className="block text-xs text-slate-500">
              {note}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
