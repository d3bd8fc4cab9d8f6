import type { AuditEvent, AuditSource, AuditTargetKind } from '@formbridge/contract/audit';

export const TARGET_KIND_LABELS: Record<AuditTargetKind, string> = {
  workspace: 'Workspace',
  member: 'Member',
  invitation: 'Invitation',
  template: 'Template',
  table: 'Table',
  record: 'Record',
  record_file: 'Record file',
  mapping: 'Mapping',
  completed_form: 'Completed form',
  job: 'Job',
  public_link: 'Public link',
  data_link: 'Data link',
  api_token: 'API token',
  webhook: 'Webhook',
};

export const SOURCE_LABELS: Record<AuditSource, string> = {
  web: 'Web',
  api: 'API',
  import: 'Import',
  public_form: 'Public form',
  data_link: 'Data link',
  bulk_job: 'Bulk job',
  system_sweep: 'System sweep',
};

/** Actions the filter offers; the log may hold others, which the free-text filter still finds. */
export const COMMON_ACTIONS = [
  'record.created',
  'record.updated',
  'record.deleted',
  'table.created',
  'table.schema_changed',
  'table.deleted',
  'template.uploaded',
  'template.deleted',
  'completed_form.generated',
  'completed_form.emailed',
  'member.added',
  'member.role_changed',
  'member.removed',
];

/** `record.updated` → "Record updated", `member.role_changed` → "Member role changed". */
export function describeAction(action: string): string {
  const text = action.replace(/[._]/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Who did it, as a row says it: the member's e-mail, or what wrote on nobody's account. */
export function describeActor(event: AuditEvent): string {
  return event.actor.kind === 'user' || event.actor.kind === 'token'
    ? event.actor.name
    : `${event.actor.name} (${SOURCE_LABELS[event.source]})`;
}
