import type { GenerationResult, GenerationResultItem } from '@formbridge/contract/jobs';
import type { StoredCompletedForm } from '../completed-forms/completed-forms.public.ts';

// A finished generation job's result as stored in jobs.result: ids and names only. Links are
// signed when the job is read, because signed URLs expire.

/** A file the job produced beside the forms (the zip, the merged PDF). */
export type StoredArtifact = { key: string; file_name: string; size: number };

export type StoredResultItem = Omit<GenerationResultItem, 'pdf_file_path' | 'file_path'>;

export type StoredGenerationResult = Omit<
  GenerationResult,
  'results' | 'zip_download_url' | 'merged_download_url'
> & {
  results: StoredResultItem[];
  /**
   * A bulk job's entries are in this stored file, one JSON entry a line, and `results` is empty
   * (result-log.ts); absent, they are in `results`.
   */
  results_key?: string;
  zip: StoredArtifact | null;
  merged: StoredArtifact | null;
};

/** Storage keys of a job's own files: removed together when an interrupted job is cleaned up. */
export function jobArtifactKeys(jobId: string) {
  return {
    zip: `jobs/${jobId}/forms.zip`,
    merged: `jobs/${jobId}/merged.pdf`,
    results: `jobs/${jobId}/results.ndjson`,
  };
}

type ResultRowFields = Pick<
  StoredCompletedForm,
  | 'id'
  | 'template_id'
  | 'template_name'
  | 'record_id'
  | 'record_display_name'
  | 'file_name'
  | 'created_at'
  | 'fields_requested'
  | 'fields_written'
  | 'fields_with_problems'
>;

/** A result entry for a stored completed form. */
export function toResultItem(
  row: ResultRowFields,
  email: { sent_to: string[]; error: string | null } | null,
): StoredResultItem {
  return {
    completed_form_id: row.id,
    template_id: row.template_id,
    template_name: row.template_name,
    record_id: row.record_id,
    record_display_name: row.record_display_name,
    file_name: row.file_name,
    created_at: row.created_at,
    fill_summary: {
      requested: row.fields_requested,
      written: row.fields_written,
      with_problems: row.fields_with_problems,
    },
    email_sent_to: email?.sent_to ?? [],
    email_error: email?.error ?? null,
  };
}
