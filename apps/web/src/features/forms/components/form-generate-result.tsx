import type { CompletedFormWithEmail } from '@formbridge/contract/completed-forms';
import { Link } from 'react-router';
import {
  FillProblemList,
  FillProblemsBadge,
} from '../../../components/fill-report/fill-report-summary';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/** True when the report has something to read before the download: problems or notes. */
export function needsReview(form: CompletedFormWithEmail): boolean {
  const report = form.fill_report;
  return (
    report.problems.length > 0 ||
    report.fields.some(
      (field) =>
        field.problems.length > 0 ||
        (field.notes ?? []).length > 0 ||
        field.addendum_item !== undefined,
    )
  );
}

/** The generated form's fill report, shown before it is downloaded. */
export function FormGenerateResult({
  form,
  onClose,
}: {
  form: CompletedFormWithEmail;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Generate Completed Form"
      onClose={onClose}
      footer={
        <>
          <Link
            to={`/forms/${form.id}`}
            className="rounded-md px-4 py-2 text-sm font-medium text-indigo-600 hover:text-indigo-500"
          >
            View Details
          </Link>
          <a
            href={form.download_url}
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
          >
            Download
          </a>
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
        </>
      }
    >
      <section aria-label="Fill report summary" className="space-y-3">
        <div className="flex items-center justify-between gap-3">
          <p className="min-w-0 truncate font-medium text-slate-900">{form.file_name}</p>
          <FillProblemsBadge count={form.fill_summary.with_problems} />
        </div>
        <p className="text-sm text-slate-500">
          The form was generated. Check these fields before you send it on:
        </p>
        <FillProblemList report={form.fill_report} />
      </section>
    </Modal>
  );
}
