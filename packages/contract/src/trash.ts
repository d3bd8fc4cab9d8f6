import { z } from 'zod';

// The trash (issue 32): a deleted record, table, template, mapping or completed form is kept
// for the workspace's retention period, restorable whole, then purged by the sweep.

/** Days a deleted item stays in the trash before the sweep purges it (`TRASH_RETENTION_DAYS`). */
export const TRASH_RETENTION_DAYS_DEFAULT = 30;

export const trashKindSchema = z.enum(['table', 'record', 'template', 'mapping', 'completed_form']);
export type TrashKind = z.infer<typeof trashKindSchema>;

/** One item in the trash; `id` is the deleted item's own id. */
export const trashItemSchema = z.object({
  id: z.string(),
  kind: trashKindSchema,
  name: z.string(),
  deleted_at: z.string(),
  /** Who deleted it (the account's e-mail, as the audit log names it). */
  deleted_by: z.string(),
  expires_at: z.string(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

export const trashListSchema = z.object({ items: z.array(trashItemSchema) });
export type TrashList = z.infer<typeof trashListSchema>;

/** Most items one page of `GET /api/v1/trash` holds. */
export const TRASH_MAX_PAGE_SIZE = 1000;

/**
 * `GET /api/v1/trash`: `limit`/`offset` return one page, as the completed forms and records do;
 * `X-Total-Count` holds how many items there are. Without either, every item.
 */
export const listTrashQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TRASH_MAX_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/** What a restore answers: the item, back where it was. */
export const trashRestoreSchema = z.object({
  id: z.string(),
  kind: trashKindSchema,
  name: z.string(),
});
export type TrashRestore = z.infer<typeof trashRestoreSchema>;

/** How many items "Empty trash" purged. */
export const trashEmptySchema = z.object({ purged: z.number().int() });

const KIND_LABELS: Record<TrashKind, string> = {
  table: 'Table',
  record: 'Record',
  template: 'Template',
  mapping: 'Mapping',
  completed_form: 'Completed form',
};

/** The kind as the Trash screen names it. */
export function trashKindLabel(kind: TrashKind): string {
  return KIND_LABELS[kind];
}

/** Whole days left before the sweep purges an item (0 on its last day). */
export function trashDaysLeft(expiresAt: string, now: number = Date.now()): number {
  return Math.max(0, Math.floor((Date.parse(expiresAt) - now) / (24 * 60 * 60 * 1000)));
}

/** The 409s of a restore, each saying what to do. */
export const TRASH_MESSAGES = {
  notFound: 'Trash item not found',
  tableGone: (what: string, table: string) =>
    `${what} cannot be restored because its table '${table}' is gone. Restore the table from the trash first.`,
  linkedTableGone: (table: string, linked: string) =>
    `Table '${table}' cannot be restored because it links to the table '${linked}', which is gone. Restore that table from the trash first.`,
  linkedRecordsGone: (table: string, count: number) =>
    `Table '${table}' cannot be restored because ${count === 1 ? 'a record it links to is' : `${count} records it links to are`} gone. Restore those records from the trash first.`,
  linkedRecordGone: (record: string) =>
    `Record '${record}' cannot be restored because a record it links to is gone. Restore that record from the trash first.`,
  templateGone: (mapping: string, template: string) =>
    `Mapping '${mapping}' cannot be restored because its template '${template}' is gone. Restore the template from the trash first.`,
  mappingTableGone: (what: string, table: string) =>
    `${what} cannot be restored because a mapping reads from the table '${table}', which is gone. Restore that table from the trash first.`,
  fieldMapped: (mapping: string, field: string) =>
    `Mapping '${mapping}' cannot be restored because the field '${field}' is mapped again. Remove its current mapping first.`,
} as const;
