import type { Db } from '../../db/database.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { emitWebhookEvent } from '../../lib/webhooks/outbox.ts';

// How the audit log names a completed form: its template and record as they were at generation.
export function completedFormTarget(row: {
  id: string;
  template_name: string;
  record_display_name: string;
}) {
  return {
    kind: 'completed_form' as const,
    id: row.id,
    name: `${row.template_name} · ${row.record_display_name}`,
  };
}

/** A completed form as the log describes it (never its file key or signed URLs). */
export function describeCompletedForm(row: {
  file_name: string;
  file_size: number;
  table_name: string;
  job_id: string | null;
}): Record<string, string | null> {
  return {
    file: `${row.file_name} (${(Number(row.file_size) / 1024).toFixed(1)} KB)`,
    table: row.table_name,
    job: row.job_id,
  };
}

export type GeneratedForm = Parameters<typeof describeCompletedForm>[0] &
  Parameters<typeof completedFormTarget>[0] & {
    template_id: string;
    table_id: string;
    record_id: string;
    file_size: number;
  };

/**
 * The event of a form made (a single generation, a public form, or a job's item), and its
 * `completed_form.created` webhook event; the download URL is signed at delivery.
 */
export async function auditFormGenerated(
  trx: Db,
  scope: AuditScope,
  row: GeneratedForm,
): Promise<void> {
  await auditWrite(trx, scope, {
    action: 'completed_form.generated',
    target: completedFormTarget(row),
    after: describeCompletedForm(row),
  });
  await emitFormCreated(trx, scope, row);
}

/**
 * A form's `completed_form.created` webhook event alone: made (above) or put back by a trash
 * restore, whose audit event is the restore's own.
 */
export function emitFormCreated(trx: Db, scope: AuditScope, row: GeneratedForm): Promise<void> {
  return emitWebhookEvent(trx, scope.workspaceId, {
    type: 'completed_form.created',
    data: {
      id: row.id,
      template_id: row.template_id,
      template_name: row.template_name,
      table_id: row.table_id,
      table_name: row.table_name,
      record_id: row.record_id,
      record_display_name: row.record_display_name,
      file_name: row.file_name,
      file_size: Number(row.file_size),
      job_id: row.job_id,
      source: scope.actor.source,
    },
  });
}
