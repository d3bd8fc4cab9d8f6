import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ApiTokensTable } from '../../db/schema.ts';

export type ApiTokenRow = Selectable<ApiTokensTable>;

// The columns the list shows: never the hash.
const LISTED = [
  'id',
  'name',
  'role',
  'created_by',
  'created_by_email',
  'created_at',
  'expires_at',
  'last_used_at',
  'last_used_ip',
] as const;

export type ListedApiTokenRow = Pick<ApiTokenRow, (typeof LISTED)[number]>;

/** The workspace's live (not revoked) tokens, newest first. */
export function listLiveTokens(db: Db, workspaceId: string): Promise<ListedApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .select(LISTED)
    .where('workspace_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The workspace's live token `id`, or undefined (missing, revoked or another workspace's). */
export function findLiveToken(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<ListedApiTokenRow | undefined> {
  return db
    .selectFrom('api_tokens')
    .select(LISTED)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Whether a live token of the workspace already has this name. */
export async function isNameTaken(db: Db, workspaceId: string, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('api_tokens')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('name', '=', name)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertToken(db: Db, row: Insertable<ApiTokensTable>): Promise<void> {
  await db.insertInto('api_tokens').values(row).execute();
}

export async function markRevoked(db: Db, workspaceId: string, id: string, at: string) {
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: at })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}
