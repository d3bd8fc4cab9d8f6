import { z } from 'zod';

// The audit log: one append-only event for every write in a workspace, whoever makes it. Events
// keep the target's name at the time, so they stay readable after the target is deleted.

/** Days an event is kept before the sweep removes it (`AUDIT_RETENTION_DAYS`). */
export const AUDIT_RETENTION_DAYS_DEFAULT = 365;

/** The largest page of events one request returns. */
export const AUDIT_PAGE_SIZE_MAX = 200;
export const AUDIT_PAGE_SIZE_DEFAULT = 50;

export const auditActorKindSchema = z.enum([
  'user',
  'token',
  'public_link',
  'data_link',
  'job',
  'system',
]);
export type AuditActorKind = z.infer<typeof auditActorKindSchema>;

/** Where a write came from. */
export const auditSourceSchema = z.enum([
  'web',
  'api',
  'import',
  'public_form',
  'data_link',
  'bulk_job',
  'system_sweep',
]);
export type AuditSource = z.infer<typeof auditSourceSchema>;

/** What a write was done to. */
export const auditTargetKindSchema = z.enum([
  'workspace',
  'member',
  'invitation',
  'template',
  'table',
  'record',
  'record_file',
  'mapping',
  'completed_form',
  'job',
  'public_link',
  'data_link',
  'api_token',
  'webhook',
]);
export type AuditTargetKind = z.infer<typeof auditTargetKindSchema>;

/**
 * One field's change. Values are shown as text: file values by name and size, link values by the
 * linked record's display name; secrets, tokens and passwords are never recorded.
 */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ kind: auditActorKindSchema, id: z.string().nullable(), name: z.string() }),
  source: auditSourceSchema,
  /** `<target kind>.<verb>`, e.g. `record.updated`, `member.role_changed`. */
  action: z.string(),
  target: z.object({ kind: auditTargetKindSchema, id: z.string(), name: z.string() }),
  changes: z.array(auditChangeSchema),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** GET /api/v1/workspaces/{id}/audit: newest first; `next_cursor` is null on the last page. */
export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  next_cursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Query of GET /api/v1/workspaces/{id}/audit and /audit.csv. */
export const auditQuerySchema = z.object({
  actor: z.string().max(64).optional(),
  target_kind: auditTargetKindSchema.optional(),
  target_id: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
