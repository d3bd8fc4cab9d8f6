import { useId, useState } from 'react';
import type { GenerationResultItem } from '@formbridge/contract/jobs';
import {
  FillProblemList,
  FillProblemsBadge,
} from '../../../../components/fill-report/fill-report-summary';
import { Spinner } from '../../../../components/ui/spinner';
import { describeError } from '../../../../lib/describe-error';
import { useCompletedFormReport } from '../api/completed-form-report';

/** A result row's badge, and its field list on demand (loaded when opened). */
export function GenerationResultReport({ item }: { item: GenerationResultItem }) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const report = useCompletedFormReport(item.completed_form_id, isOpen);
  return (
    <div className="mt-1">
      <div className="flex flex-wrap items-center gap-2">
        <FillProblemsBadge count={item.fill_summary.with_problems} />
        <button
          type="button"
          className="text-xs font-medium text-indigo-600 hover:text-indigo-500"
          aria-expanded={isOpen}
          aria-controls={listId}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? 'Hide fill report' : 'Show fill report'}
        </button>
      </div>
      {isOpen ? (
        <div id={listId} className="mt-2 rounded-md bg-slate-50 p-2">
          {report.isPending ? <Spinner /> : null}
          {report.isError ? (
            <p className="text-xs text-red-600">
              {describeError(report.error, 'Failed to load the fill report')}
            </p>
          ) : null}
          {report.data ? <FillProblemList report={report.data.fill_report} /> : null}
        </div>
      ) : null}
    </div>
  );
}
