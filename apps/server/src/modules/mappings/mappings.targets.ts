import type { TargetTable } from '@formbridge/contract/mapping-targets';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';

import { listTables } from '../tables/tables.public.ts';

export type TableCatalog = { table: TargetTable; byId: ReadonlyMap<string, TargetTable> };

/** The owner's tables by id (for link fields), read once per request. */
export async function loadTableCatalog(
  db: Db,
  ownerId: string,
): Promise<ReadonlyMap<string, TargetTable>> {
  const rows = await listTables(db, ownerId);
  return new Map(rows.map((table) => [table.id, table]));
}

/** The mapped table and everything its link fields reach; 404 when the table is not the owner's. */
export async function loadMappedTable(
  db: Db,
  ownerId: string,
  tableId: string,
): Promise<TableCatalog> {
  const byId = await loadTableCatalog(db, ownerId);
  const table = byId.get(tableId);
  if (!table) {
    throw notFound('Table');
  }
  return { table, byId };
}
