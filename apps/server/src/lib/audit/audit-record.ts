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
import { emitWebhookEvent, emitWebhookEvents } from '../webhooks/outbox.ts';
import type { AuditScope } from './request-scope.ts';
import { yieldToLoop } from '../yield-to-loop.ts';

type RecordTable = DisplayNameTable & { id: string; name: string; fields: readonly Field[] };

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
  const name = getRecordDisplayName(write.table, { id: write.recordId, data });
  const changes = diffDescribed(write.table.fields, write.before, after);
  await recordAudit(trx, scope.actor, {
    workspaceId: scope.workspaceId,
    action: write.action,
    target: { kind: 'record', id: write.recordId, name },
    changes,
  });
  // The same write, for webhook subscribers (issue 33), in the same transaction.
  if (write.action === 'record.created' || write.action === 'record.updated') {
    await emitWebhookEvent(trx, scope.workspaceId, {
      type: write.action,
      data: {
        id: write.recordId,
        display_name: name,
        table_id: write.table.id,
        table_name: write.table.name,
        source: scope.actor.source,
        changed_fields: changes.map((change) => change.field),
      },
    });
  }
}

/**
 * One `record.created` event per record added at once (an import), so each record's history
 * starts with its values and where they came from. A few hundred records at a time, with the
 * event loop free between them: an import of 50,000 rows never holds up other requests.
 */
export function auditRecordsCreated(
  trx: Db,
  scope: AuditScope,
  table: RecordTable,
  records: ReadonlyArray<{ id: string; data: Readonly<Record<string, unknown>> }>,
): Promise<void> {
  return reportRecordsCreated(trx, scope, table, records, { audit: true });
}

/**
 * The `record.created` webhook events, without audit events, of records a trash restore put back
 * (their audit event is the restore's own): subscribers hear of them as of any new record.
 */
export function emitRecordsCreated(
  trx: Db,
  scope: AuditScope,
  table: RecordTable,
  records: ReadonlyArray<{ id: string; data: Readonly<Record<string, unknown>> }>,
): Promise<void> {
  return reportRecordsCreated(trx, scope, table, records, { audit: false });
}

async function reportRecordsCreated(
  trx: Db,
  scope: AuditScope,
  table: RecordTable,
  records: ReadonlyArray<{ id: string; data: Readonly<Record<string, unknown>> }>,
  options: { audit: boolean },
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
    const changes = part.map((_record, index) =>
      diffDescribed(table.fields, {}, described[index] ?? {}),
    );
    if (options.audit) {
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
          changes: changes[index] ?? [],
        })),
      );
    }
    // The same records for webhook subscribers (issue 33), in the same transaction.
    await emitWebhookEvents(
      trx,
      scope.workspaceId,
      part.map((record, index) => ({
        type: 'record.created',
        data: {
          id: record.id,
          display_name: getRecordDisplayName(table, { id: record.id, data: record.data }),
          table_id: table.id,
          table_name: table.name,
          source: scope.actor.source,
          changed_fields: (changes[index] ?? []).map((change) => change.field),
        },
      })),
    );
  }
}

const CREATED_CHUNK = 500;
