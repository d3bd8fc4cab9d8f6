import crypto from 'node:crypto';
import type { CreateTableBody } from '@formbridge/contract/tables';
import { validateTableSchema } from '@formbridge/contract/tables-validation';
import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../db/database.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { auditTableWrite } from '../../lib/audit/schema-changes.ts';
import { inBody } from '@formbridge/contract/errors';
import { linkTargetIds } from '@formbridge/contract/table-links';
import { notFound, validationError } from '../../lib/errors.ts';
import { findTable, listTables, shareLockTables } from './tables.access.ts';
import type { StoredTable } from './tables.model.ts';
import { insertTableRow } from './tables.repo.ts';

/** The owner's tables, newest first, each with its record count. */
export async function listTablesWithCounts(
  ctx: AppContext,
  ownerId: string,
): Promise<StoredTable[]> {
  // The count kept on each table row (records.repo changes it with every insert and delete).
  return listTables(ctx.db, ownerId);
}

/** The owner's table with its record count, or 404 (also for another user's table). */
export async function getTable(ctx: AppContext, ownerId: string, id: string): Promise<StoredTable> {
  const table = await findTable(ctx.db, ownerId, id);
  if (!table) {
    throw notFound('Table');
  }
  return table;
}

/**
 * Creates a table after the spec's §5 rules; link fields must point at the owner's tables.
 * `alongside` runs in the same transaction once the table is in (a table made from a form writes
 * its mappings there), so a failure leaves neither behind. Given `outer`, a transaction the caller
 * holds, it all runs in that one instead (the sample form's template, table and records).
 */
export async function createTable(
  ctx: AppContext,
  scope: AuditScope,
  body: CreateTableBody,
  alongside?: (trx: Db, table: StoredTable) => Promise<void>,
  outer?: Db,
): Promise<StoredTable> {
  const ownerId = scope.workspaceId;
  const inTransaction = <T>(work: (trx: Db) => Promise<T>): Promise<T> =>
    outer ? work(outer) : ctx.db.transaction().execute(work);
  return inTransaction(async (trx) => {
    // Linked tables locked first: deleting one now waits for this table, then refuses (409).
    await shareLockTables(trx, ownerId, linkTargetIds(body.fields));
    const tables = await listTables(trx, ownerId);
    const issues = validateTableSchema(body, { linkableTableIds: tables.map((table) => table.id) });
    if (issues.length > 0) {
      throw validationError(inBody(issues));
    }
    const now = new Date().toISOString();
    const id = crypto.randomUUID();
    await insertTableRow(trx, {
      id,
      owner_id: ownerId,
      name: body.name,
      fields: JSON.stringify(body.fields),
      combination_rules: JSON.stringify(body.combination_rules),
      use_display_field: body.use_display_field,
      display_field_key: body.display_field_key,
      created_at: now,
      updated_at: now,
    });
    const table = await findTable(trx, ownerId, id);
    if (!table) {
      throw new Error('Inserted table not found');
    }
    await auditTableWrite(trx, scope, {
      action: 'table.created',
      tableId: id,
      before: null,
      after: table,
    });
    await alongside?.(trx, table);
    return table;
  });
}
