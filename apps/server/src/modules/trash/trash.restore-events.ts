import type { Db } from '../../db/database.ts';
import { emitRecordsCreated } from '../../lib/audit/audit-record.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { rowsOf, type TrashPayload, type TrashRow } from '../../lib/trash/trash-rows.ts';
import { emitFormCreated } from '../completed-forms/completed-forms.public.ts';
import { findTable } from '../tables/tables.public.ts';

// What webhook subscribers hear of a restore (decisions.md, "Webhooks of a trash restore"): the
// event a create sends, for every record and completed form the restore puts back. Templates and
// mappings have no webhook events, so restoring one sends none.

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** Queues the restore's webhook events in its transaction: they commit with it or not at all. */
export async function emitRestoreEvents(
  trx: Db,
  scope: AuditScope,
  payload: TrashPayload,
): Promise<void> {
  const byTable = new Map<string, TrashRow[]>();
  for (const row of rowsOf(payload, 'table_records')) {
    const tableId = String(row.table_id);
    const rows = byTable.get(tableId) ?? [];
    rows.push(row);
    byTable.set(tableId, rows);
  }
  for (const [tableId, rows] of byTable) {
    const table = await findTable(trx, scope.workspaceId, tableId);
    if (!table) {
      continue; // checkRestore answered 409 already when the table was gone
    }
    const records = rows.map((row) => ({
      id: String(row.id),
      data: (typeof row.data === 'string' ? JSON.parse(row.data) : (row.data ?? {})) as Record<
        string,
        unknown
      >,
    }));
    await emitRecordsCreated(trx, scope, table, records);
  }
  for (const row of rowsOf(payload, 'completed_forms')) {
    await emitFormCreated(trx, scope, {
      id: String(row.id),
      template_id: String(row.template_id),
      template_name: String(row.template_name),
      table_id: String(row.table_id),
      table_name: String(row.table_name),
      record_id: String(row.record_id),
      record_display_name: String(row.record_display_name),
      file_name: String(row.file_name),
      file_size: Number(row.file_size),
      job_id: textOrNull(row.job_id),
    });
  }
}
