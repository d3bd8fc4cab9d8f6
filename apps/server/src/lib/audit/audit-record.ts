import { getRecordDisplayName, type DisplayNameTable } from '@formbridge/contract/display-name';
import type { Field } from '@formbridge/contract/tables';
import type { Db } from '../../db/database.ts';
import { recordAudit, recordAuditMany } from './record-audit.ts';
import {
  describeManyRecords,
  describeRecordValues,
  diffDescribed,
  type DescribedValues,
} from './record-changes.ts';
import type { AuditScope } from './request-scope.ts';
import { yieldToLoop } from '../yield-to-loop.ts';

type RecordTable = DisplayNameTable & { fields: readonly Field[] };

/** A record's values as the log shows them; read in `trx` before a write for the "before". */
export function describeRecord(
  trx: Db,
  workspaceId: string,
  table: RecordTable,
  data: Readonly<Record<string, unknown>> | null,
): Promise<DescribedValues> {
  return describeRecordValues(trx, workspaceId, table.fields, data);
}

/**
 * The event of one record write: created (before empty), updated, or deleted (after empty), named
 * as every screen names the record, with each changed field's before → after. `before` is what
 * describeRecord read before the write; the after is read here.
 */
export async function auditRecordWrite(
  trx: Db,
  scope: AuditScope,
  write: {
    action:
      | 'record.created'
      | 'record.updated'
      | 'record.deleted'
      | 'record.file_added'
      | 'record.file_removed';
    table: RecordTable;
    recordId: string;
    before: DescribedValues;
    /** The record's data after the write; null when it is gone. */
    after: Readonly<Record<string, unknown>> | null;
    /** The data to name the record by when it is gone. */
    nameFrom?: Readonly<Record<string, unknown>>;
  },
): Promise<void> {
  const after = await describeRecord(trx, scope.workspaceId, write.table, write.after);
  const data = write.after ?? write.nameFrom ?? {};
  await recordAudit(trx, scope.actor, {
    workspaceId: scope.workspaceId,
    action: write.action,
    target: {
      kind: 'record',
      id: write.recordId,
      name: getRecordDisplayName(write.table, { id: write.recordId, data }),
    },
    changes: diffDescribed(write.table.fields, write.before, after),
  });
}

/**
 * One `record.created` event per record added at once (an import), so each record's history
 * starts with its values and where they came from. A few hundred records at a time, with the
 * event loop free between them: an import of 50,000 rows never holds up other requests.
 */
export async function auditRecordsCreated(
  trx: Db,
  scope: AuditScope,
  table: RecordTable,
  records: ReadonlyArray<{ id: string; data: Readonly<Record<string, unknown>> }>,
): Promise<void> {
  for (let start = 0; start < records.length; start += CREATED_CHUNK) {
    if (start > 0) {
      await yieldToLoop();
    }
    const part = records.slice(start, start + CREATED_CHUNK);
    const described = await describeManyRecords(
      trx,
      scope.workspaceId,
      table.fields,
      part.map((record) => record.data),
    );
    await recordAuditMany(
      trx,
      scope.actor,
      part.map((record, index) => ({
        workspaceId: scope.workspaceId,
        action: 'record.created',
        target: {
          kind: 'record',
          id: record.id,
          name: getRecordDisplayName(table, { id: record.id, data: record.data }),
        },
        changes: diffDescribed(table.fields, {}, described[index] ?? {}),
      })),
    );
  }
}

const CREATED_CHUNK = 500;
