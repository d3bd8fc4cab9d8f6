import crypto from 'node:crypto';
import type { TemplateRevision } from '@formbridge/contract/template-revisions';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import type { TemplateRow } from './templates.repo.ts';
import type { TemplateRevisionRow } from './templates.revisions.repo.ts';

/** A revision row holding a template row's file and fields, uploaded by the scope's actor. */
export function revisionOf(
  row: TemplateRow,
  revision: number,
  scope: AuditScope,
): TemplateRevisionRow {
  return {
    id: crypto.randomUUID(),
    owner_id: row.owner_id,
    template_id: row.id,
    revision,
    file_key: row.original_file_key ?? row.file_key,
    file_size: row.file_size,
    field_data: row.field_data,
    field_count: row.field_count,
    page_count: row.page_count,
    pages: row.pages,
    detection_notes: row.detection_notes,
    mappings: null,
    created_by: scope.actor.kind === 'user' ? scope.actor.id : null,
    created_by_name: scope.actor.name,
    created_at: row.updated_at,
  };
}

/** Revision 1 of a template just uploaded. */
export const firstRevision = (row: TemplateRow, scope: AuditScope) => revisionOf(row, 1, scope);

export function presentRevision(
  row: Pick<
    TemplateRevisionRow,
    'revision' | 'created_by_name' | 'created_at' | 'field_count' | 'page_count' | 'file_size'
  >,
  current: number,
): TemplateRevision {
  return {
    revision: Number(row.revision),
    created_by: row.created_by_name,
    created_at: row.created_at,
    field_count: Number(row.field_count),
    page_count: Number(row.page_count),
    file_size: Number(row.file_size),
    is_current: Number(row.revision) === current,
  };
}
