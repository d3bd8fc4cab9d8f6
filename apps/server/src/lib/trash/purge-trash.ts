import type { AuditTargetKind } from '@formbridge/contract/audit';
import type { Db } from '../../db/database.ts';
import { hasRowLocks } from '../../db/dialect.ts';
import { SYSTEM_ACTOR, type AuditActor } from '../audit/audit-actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { Storage } from '../storage/storage.ts';

/**
 * Removes a trash item for good: its row and file list in one transaction with its
 * `<kind>.purged` event, then its stored files. A file that cannot be removed is left for the
 * orphan sweep (no row names it any more). Returns false when the workspace has no such item.
 */
export async function purgeTrashItem(
  db: Db,
  storage: Storage,
  item: { workspaceId: string; id: string; actor: AuditActor },
): Promise<boolean> {
  const keys = await db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('trash_items')
      .select(['id', 'kind', 'name'])
      .where('workspace_id', '=', item.workspaceId)
      .where('id', '=', item.id);
    if (hasRowLocks(trx)) {
      query = query.forUpdate();
    }
    const row = await query.executeTakeFirst();
    if (!row) {
      return undefined;
    }
    const files = await trx
      .selectFrom('trash_files')
      .select('file_key')
      .where('trash_id', '=', row.id)
      .execute();
    await trx.deleteFrom('trash_items').where('id', '=', row.id).execute();
    await recordAudit(trx, item.actor, {
      workspaceId: item.workspaceId,
      action: `${row.kind}.purged`,
      target: { kind: row.kind as AuditTargetKind, id: row.id, name: row.name },
    });
    return files.map((file) => file.file_key);
  });
  if (keys === undefined) {
    return false;
  }
  for (const key of keys) {
    await storage.remove(key).catch((error: unknown) => {
      console.error('Could not remove a purged file', error);
    });
  }
  return true;
}

const BATCH = 100;

/**
 * Purges every trash item past its expiry (`TRASH_RETENTION_DAYS` after its delete), as the
 * system; returns how many went. Run by the hourly sweep, before the orphan-file sweep.
 */
export async function purgeExpiredTrash(
  db: Db,
  storage: Storage,
  now: number = Date.now(),
): Promise<number> {
  const cutoff = new Date(now).toISOString();
  let purged = 0;
  for (;;) {
    const expired = await db
      .selectFrom('trash_items')
      .select(['id', 'workspace_id'])
      .where('expires_at', '<=', cutoff)
      .orderBy('expires_at')
      .limit(BATCH)
      .execute();
    for (const row of expired) {
      const item = { workspaceId: row.workspace_id, id: row.id, actor: SYSTEM_ACTOR };
      if (await purgeTrashItem(db, storage, item)) {
        purged += 1;
      }
    }
    if (expired.length < BATCH) {
      return purged;
    }
  }
}
