import {
  TRASH_MAX_PAGE_SIZE,
  TRASH_MESSAGES,
  type TrashItem,
  type TrashRestore,
} from '@formbridge/contract/trash';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { purgeTrashItem } from '../../lib/trash/purge-trash.ts';
import { insertRows, rowsOf, type TrashPayload } from '../../lib/trash/trash-rows.ts';
import { noteRestoredRecords } from '../records/records.public.ts';
import { presentTrashItem } from './trash.presenter.ts';
import {
  countTrashItems,
  deleteTrashItem,
  lockTrashItem,
  selectTrashItems,
  selectWorkspaceTrashIds,
} from './trash.repo.ts';
import { emitRestoreEvents } from './trash.restore-events.ts';
import { checkRestore, withoutDeadLinks } from './trash.restore.ts';

const notFound = () => new AppError(404, TRASH_MESSAGES.notFound);

/** The workspace's trash, most recently deleted first: one page (or all) and the total. */
export async function listTrash(
  ctx: AppContext,
  workspaceId: string,
  query: { limit?: number; offset?: number },
): Promise<{ items: TrashItem[]; total: number }> {
  const isPaged = query.limit !== undefined || query.offset !== undefined;
  const page = isPaged
    ? { limit: query.limit ?? TRASH_MAX_PAGE_SIZE, offset: query.offset ?? 0 }
    : undefined;
  const rows = await selectTrashItems(ctx.db, workspaceId, page);
  const total = page ? await countTrashItems(ctx.db, workspaceId) : rows.length;
  return { items: rows.map(presentTrashItem), total };
}

/**
 * Puts an item back whole, with the ids it had, in one transaction: its rows parents first, its
 * files (never removed from storage), then its `<kind>.restored` event. 409 when something its
 * rows point at is gone (the detail says what to restore first).
 */
export async function restoreTrashItem(
  ctx: AppContext,
  scope: AuditScope,
  id: string,
): Promise<TrashRestore> {
  return ctx.db.transaction().execute(async (trx) => {
    const item = await lockTrashItem(trx, scope.workspaceId, id);
    if (!item) {
      throw notFound();
    }
    const stored = JSON.parse(item.payload) as TrashPayload;
    await checkRestore(trx, scope.workspaceId, item, stored);
    const payload = await withoutDeadLinks(trx, scope.workspaceId, stored);
    await insertRows(trx, payload);
    if (item.kind === 'record') {
      const tableIds = rowsOf(payload, 'table_records').map((row) => String(row.table_id));
      await noteRestoredRecords(trx, tableIds);
    }
    await emitRestoreEvents(trx, scope, payload);
    await deleteTrashItem(trx, item.id);
    const kind = item.kind as TrashRestore['kind'];
    await auditWrite(trx, scope, {
      action: `${kind}.restored`,
      target: { kind, id: item.id, name: item.name },
    });
    return { id: item.id, kind, name: item.name };
  });
}

/** "Delete forever": the item and its stored files go now. */
export async function purgeFromTrash(ctx: AppContext, scope: AuditScope, id: string) {
  const item = { workspaceId: scope.workspaceId, id, actor: scope.actor };
  if (!(await purgeTrashItem(ctx.db, ctx.storage, item))) {
    throw notFound();
  }
}

/** "Empty trash": every item of the workspace, each with its own event; returns how many. */
export async function emptyTrash(ctx: AppContext, scope: AuditScope): Promise<number> {
  let purged = 0;
  for (const id of await selectWorkspaceTrashIds(ctx.db, scope.workspaceId)) {
    const item = { workspaceId: scope.workspaceId, id, actor: scope.actor };
    if (await purgeTrashItem(ctx.db, ctx.storage, item)) {
      purged += 1;
    }
  }
  return purged;
}
