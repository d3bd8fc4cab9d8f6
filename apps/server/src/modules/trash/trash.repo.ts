import type { Db } from '../../db/database.ts';
import { hasRowLocks } from '../../db/dialect.ts';
import type { TrashItemsTable } from '../../db/schema.ts';

export type TrashItemRow = TrashItemsTable;

const LISTED = [
  'id',
  'workspace_id',
  'kind',
  'name',
  'deleted_at',
  'deleted_by',
  'expires_at',
] as const;

/** The workspace's trash, most recently deleted first (no payloads), optionally one page. */
export function selectTrashItems(
  db: Db,
  workspaceId: string,
  page?: { limit: number; offset: number },
) {
  let query = db
    .selectFrom('trash_items')
    .select(LISTED)
    .where('workspace_id', '=', workspaceId)
    .orderBy('deleted_at', 'desc')
    .orderBy('id');
  if (page) {
    query = query.limit(page.limit).offset(page.offset);
  }
  return query.execute();
}

export async function countTrashItems(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('trash_items')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** One item with its payload, locked until `trx` ends (a restore and a purge never overlap). */
export async function lockTrashItem(
  trx: Db,
  workspaceId: string,
  id: string,
): Promise<TrashItemRow | undefined> {
  let query = trx
    .selectFrom('trash_items')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id);
  if (hasRowLocks(trx)) {
    query = query.forUpdate();
  }
  return query.executeTakeFirst();
}

/** The names of trashed items among `ids` (to say what to restore first). */
export async function selectTrashNames(
  db: Db,
  workspaceId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('trash_items')
    .select(['id', 'name'])
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Removes an item (its file list goes with it). */
export async function deleteTrashItem(db: Db, id: string): Promise<void> {
  await db.deleteFrom('trash_items').where('id', '=', id).execute();
}

/** Ids of the workspace's items (Empty trash). */
export async function selectWorkspaceTrashIds(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('trash_items')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .execute();
  return rows.map((row) => row.id);
}

type LiveTable = 'dynamic_tables' | 'pdf_templates' | 'table_records';

/**
 * Which of `ids` are live rows of `table` in the workspace, share-locked until `trx` ends (rows a
 * restore is about to point at: deleting one waits, then sees the restored reference).
 */
export async function selectLiveIds(
  db: Db,
  table: LiveTable,
  workspaceId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) {
    return new Set();
  }
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('owner_id', '=', workspaceId)
    .where('id', 'in', unique)
    .$if(hasRowLocks(db), (qb) => qb.forShare())
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Whether the template's field is mapped now. */
export async function isFieldMapped(
  db: Db,
  workspaceId: string,
  templateId: string,
  fieldName: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('field_mappings')
    .select('id')
    .where('owner_id', '=', workspaceId)
    .where('template_id', '=', templateId)
    .where('field_name', '=', fieldName)
    .executeTakeFirst();
  return row !== undefined;
}
