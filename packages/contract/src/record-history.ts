import { z } from 'zod';
import { auditActorKindSchema, auditSourceSchema } from './audit.ts';
import { recordResponseSchema } from './records.ts';

// A record's history (issue 32): the audit log's events about one record, newest first, and a
// restore of an entry's "before" values written as a normal, audited edit.

/** The largest page of history entries one request returns. */
export const RECORD_HISTORY_PAGE_MAX = 200;
export const RECORD_HISTORY_PAGE_DEFAULT = 50;

/**
 * One field's change as history shows it: values as text (links by the linked record's name,
 * files by name). `restorable` is false when its before value cannot be written back (a hidden
 * secret, or an older event whose text does not name one value).
 */
export const recordHistoryChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  restorable: z.boolean(),
});
export type RecordHistoryChange = z.infer<typeof recordHistoryChangeSchema>;

export const recordHistoryEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ kind: auditActorKindSchema, id: z.string().nullable(), name: z.string() }),
  source: auditSourceSchema,
  /** `record.created`, `record.updated`, `record.file_added`, … */
  action: z.string(),
  changes: z.array(recordHistoryChangeSchema),
});
export type RecordHistoryEntry = z.infer<typeof recordHistoryEntrySchema>;

/** GET …/records/{record_id}/history: newest first; `next_cursor` null on the last page. */
export const recordHistoryPageSchema = z.object({
  entries: z.array(recordHistoryEntrySchema),
  next_cursor: z.string().nullable(),
});
export type RecordHistoryPage = z.infer<typeof recordHistoryPageSchema>;

/** Query of the history: `before` is the last entry id seen (the previous `next_cursor`). */
export const recordHistoryQuerySchema = z.object({
  before: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(RECORD_HISTORY_PAGE_MAX).optional(),
});

/** Body of POST …/history/{entry_id}/restore: the fields to restore (default: all of them). */
export const recordRestoreBodySchema = z
  .object({ fields: z.array(z.string().max(200)).min(1).max(500).optional() })
  .optional();
export type RecordRestoreBody = z.infer<typeof recordRestoreBodySchema>;

/** The restore answers with the record as saved. */
export const recordRestoreResponseSchema = recordResponseSchema;

/** The messages of a restore refused, word for word on server and web. */
export const RECORD_HISTORY_MESSAGES = {
  entryNotFound: 'History entry not found.',
  notInEntry: (field: string) => `Field '${field}' did not change in this history entry.`,
  fieldGone: (field: string) =>
    `Field '${field}' no longer exists in this table, so its value cannot be restored.`,
  linkGone: (field: string, label: string) =>
    `Field '${field}' linked to '${label}', which no longer exists. If it is in the Trash, ` +
    `restore it from there first; otherwise choose another record for '${field}' and save, or ` +
    `restore the other fields only.`,
  fileGone: (field: string, name: string) =>
    `Field '${field}' held the file '${name}', which was deleted and cannot be restored. ` +
    `Upload it again, or restore the other fields only.`,
  fileExtra: (field: string, name: string) =>
    `Field '${field}' now holds '${name}', which was added later. Remove that file from the ` +
    `record instead of restoring, or restore the other fields only.`,
  hidden: (field: string) =>
    `Field '${field}' holds a secret whose value is never recorded, so it cannot be restored.`,
  unparsable: (field: string) =>
    `This entry predates stored values, and the text of field '${field}' does not name one ` +
    `value. Edit the field by hand instead.`,
} as const;
