import { TRASH_RETENTION_DAYS_DEFAULT, type TrashKind } from '@formbridge/contract/trash';
import type { Db } from '../../db/database.ts';
import type { AuditScope } from '../audit/request-scope.ts';
import { classifyStorageError } from '../error-classes.ts';
import type { Storage } from '../storage/storage.ts';
import type { TrashSnapshot } from './trash-snapshot.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs a delete that keeps its item in the trash (`keep` true). When the database is full, the
 * trash copy cannot be written, so the delete runs again without it, as deletes did before the
 * trash: a full disk must still take the deletes that free room (docs/decisions.md, Trash).
 */
export async function deleteToTrash<T>(run: (keep: boolean) => Promise<T>): Promise<T> {
  try {
    return await run(true);
  } catch (error) {
    if (classifyStorageError(error)?.status === 507) {
      return run(false);
    }
    throw error;
  }
}

/**
 * Keeps a deleted item in its workspace's trash for `retentionDays`: the rows its delete takes
 * (read before they go) and the files they name, which stay in storage until the item is purged.
 * Call it in the delete's transaction, after the live rows and the delete's event, so a nearly
 * full database has their room first. Returns the files to remove after the commit: none when
 * kept, all of them when `keep` is false (see deleteToTrash).
 */
export async function moveToTrash(
  trx: Db,
  scope: AuditScope,
  item: { kind: TrashKind; id: string; name: string; retentionDays: number; keep: boolean },
  snapshot: TrashSnapshot,
  now: number = Date.now(),
): Promise<string[]> {
  if (!item.keep) {
    return snapshot.fileKeys;
  }
  await trx
    .insertInto('trash_items')
    .values({
      id: item.id,
      workspace_id: scope.workspaceId,
      kind: item.kind,
      name: item.name.slice(0, 500),
      deleted_at: new Date(now).toISOString(),
      deleted_by_id: scope.actor.id,
      deleted_by: scope.actor.name.slice(0, 320),
      expires_at: new Date(now + item.retentionDays * DAY_MS).toISOString(),
      payload: JSON.stringify(snapshot.payload),
    })
    .execute();
  const keys = [...new Set(snapshot.fileKeys)];
  if (keys.length > 0) {
    await trx
      .insertInto('trash_files')
      .values(keys.map((key) => ({ trash_id: item.id, file_key: key })))
      .execute();
  }
  return [];
}

/** Removes files after the commit of a delete that could not keep them (a full database). */
export async function removeForgottenFiles(storage: Storage, keys: readonly string[]) {
  for (const key of keys) {
    await storage.remove(key).catch((error: unknown) => {
      console.error('Could not remove a stored file', error);
    });
  }
}

/** The keys (of those given) that a trash item still keeps: not orphans until it is purged. */
export async function keysKeptByTrash(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) {
    return new Set();
  }
  const rows = await db
    .selectFrom('trash_files')
    .select('file_key')
    .where('file_key', 'in', [...keys])
    .execute();
  return new Set(rows.map((row) => row.file_key));
}

/** The retention a config asks for (`TRASH_RETENTION_DAYS`, default 30 days). */
export function trashRetentionDays(config: { trashRetentionDays?: number }): number {
  return config.trashRetentionDays ?? TRASH_RETENTION_DAYS_DEFAULT;
}
