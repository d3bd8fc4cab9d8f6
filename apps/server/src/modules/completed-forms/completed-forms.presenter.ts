import type {
  CompletedForm,
  CompletedFormDetail,
  FillReportDto,
  FillSummary,
} from '@formbridge/contract/completed-forms';
import { toBoolean } from '../../db/dialect.ts';
import type { UrlSigner } from '../../lib/signed-urls.ts';
import type { CompletedFormListRow, CompletedFormRow } from './completed-forms.repo.ts';

/** Where a completed form's PDF is shown inline. */
export function completedFormViewPath(id: string): string {
  return `/api/v1/completed-forms/${id}/view`;
}

/** Where a completed form's PDF is downloaded as an attachment. */
export function completedFormDownloadPath(id: string): string {
  return `/api/v1/completed-forms/${id}/download`;
}

/** Signed view and download URLs of a form (they expire: presenters sign on every read). */
export function signCompletedFormUrls(signer: UrlSigner, id: string) {
  const view = signer.sign(completedFormViewPath(id));
  const download = signer.sign(completedFormDownloadPath(id));
  return { view, download };
}

/** Counts of a fill report, stored beside it. */
export function summarizeFillReport(report: FillReportDto): FillSummary {
  return {
    requested: report.fields.length,
    written: report.fields.filter((field) => field.value_written !== null).length,
    with_problems: report.fields.filter((field) => field.problems.length > 0).length,
  };
}

export function readEmailSentTo(row: Pick<CompletedFormRow, 'email_sent_to'>): string[] {
  return JSON.parse(row.email_sent_to) as string[];
}

export function presentCompletedForm(row: CompletedFormListRow, signer: UrlSigner): CompletedForm {
  const urls = signCompletedFormUrls(signer, row.id);
  return {
    id: row.id,
    template_id: row.template_id,
    template_name: row.template_name,
    table_id: row.table_id,
    table_name: row.table_name,
    record_id: row.record_id,
    record_display_name: row.record_display_name,
    job_id: row.job_id,
    template_revision: row.template_revision === null ? null : Number(row.template_revision),
    created_at: row.created_at,
    email_sent_to: readEmailSentTo(row),
    email_error: row.email_error ?? null,
    flattened: toBoolean(row.flattened),
    file_name: row.file_name,
    file_size: row.file_size,
    file_path: urls.download,
    pdf_file_path: urls.view,
    view_url: urls.view,
    download_url: urls.download,
    fill_summary: {
      requested: row.fields_requested,
      written: row.fields_written,
      with_problems: row.fields_with_problems,
    },
  };
}

export function presentCompletedFormDetail(
  row: CompletedFormRow,
  signer: UrlSigner,
): CompletedFormDetail {
  return {
    ...presentCompletedForm(row, signer),
    fill_report: JSON.parse(row.fill_report) as FillReportDto,
  };
}
