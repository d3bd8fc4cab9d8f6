import crypto from 'node:crypto';
import type { FillReportDto } from '@formbridge/contract/completed-forms';
import { getRecordDisplayName } from '@formbridge/contract/display-name';
import { buildDownloadFileName } from '@formbridge/contract/file-names';
import type { Db } from '../../db/database.ts';
import { crashPoint } from '../../lib/crash-point.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import type { FillValue } from '../../pdf/fill/fill-form.ts';
import { summarizeFillReport } from './completed-forms.presenter.ts';
import { derivedId } from '../../lib/jobs/derived-id.ts';
import {
  insertCompletedForm,
  insertCompletedFormOnce,
  type NewCompletedFormRow,
} from './completed-forms.repo.ts';
import {
  assembleValuesWithTrace,
  type AssembledValues,
  type SourceRecord,
} from './assemble-values.ts';
import { FillFailedError, type FillOutput, type FillPool } from '../../lib/pdf-fill/fill-pool.ts';
import { engineSettings, type TableSource, type TemplateSource } from './record-source.ts';
import { addTransformProblems } from './transform-report.ts';
import { computeUniversalValues } from './universal-values.ts';
import type { AuditActor } from '../../lib/audit/audit-actor.ts';
import { auditFormGenerated } from './completed-forms.audit.ts';

export type FillRecordDeps = {
  db: Db;
  storage: Storage;
  pool: FillPool;
  /** Stores the row once its file is stored; a bulk job batches them (default: insert now). */
  storeRow?: (row: NewCompletedFormRow) => Promise<void>;
};

export type FillRecordInput = {
  ownerId: string;
  /** Who the audit log names for the form made: the member, the public link or the job. */
  actor: AuditActor;
  userEmail: string;
  /** The generation moment (universal values, file name): one per request or job. */
  now: Date;
  jobId: string | null;
  flatten: boolean;
  /** Also return a flattened copy (for a merged PDF). */
  alsoFlattened?: boolean;
  priority?: 'high' | 'normal';
  table: TableSource;
  template: TemplateSource;
  templateBytes: Uint8Array;
  record: SourceRecord;
  linkedRecords: ReadonlyMap<string, SourceRecord>;
};

export type FilledRecord = {
  ok: true;
  row: NewCompletedFormRow;
  bytes: Uint8Array;
  flattened: Uint8Array | null;
};
export type FailedForm = { ok: false; detail: string; recordDisplayName: string };

const isProvided = (value: FillValue | undefined) =>
  value !== undefined && value !== null && value !== '';

/**
 * Mapped values the engine could not write at all (a choice that is not an option, a word in a
 * checkbox): such a form would look complete while missing data, so it is not kept. Fields left
 * on purpose (a signature field, a read-only field under the `skip` policy) are reported only. Values written in part (cut at a max length, shrunk) only carry problems in the report.
 */
function describeUnwritten(report: FillReportDto, values: Record<string, FillValue>) {
  const unwritten = report.fields.filter(
    (field) =>
      field.value_written === null &&
      field.skipped !== true &&
      field.problems.length > 0 &&
      isProvided(values[field.field]),
  );
  if (unwritten.length === 0) {
    return null;
  }
  const parts = unwritten.map((field) => `field '${field.field}': ${field.problems.join('; ')}`);
  return `Could not fill ${unwritten.length === 1 ? 'a field' : `${unwritten.length} fields`}: ${parts.join('; ')}`;
}

/** One record's values filled into a template, nothing stored yet (what the preview shows). */
export type FilledValues = {
  ok: true;
  recordDisplayName: string;
  values: Record<string, FillValue>;
  transforms: AssembledValues['transforms'];
  /** The engine's report with the transforms' problems added. */
  report: FillReportDto;
  filled: FillOutput;
};

/**
 * Assembles the record's values for the template (mappings, transforms, universal values) and
 * fills them in the worker pool. Returns why when the template's PDF cannot be filled; throws
 * only for failures that are not the PDF's (the pool shutting down).
 */
export async function fillRecordValues(
  pool: FillPool,
  input: Omit<FillRecordInput, 'ownerId' | 'jobId' | 'actor'>,
): Promise<FilledValues | FailedForm> {
  const { table, template, record } = input;
  const recordDisplayName = getRecordDisplayName(table.table, record);
  const universal = computeUniversalValues({
    now: input.now,
    userEmail: input.userEmail,
    recordId: record.id,
    recordDisplayName,
    templateName: template.name,
    tableName: table.table.name,
  });
  const { values, transforms } = assembleValuesWithTrace(template.mappings, template.fieldData, {
    table: table.table,
    record,
    tablesById: table.tablesById,
    linkedRecords: input.linkedRecords,
    universal,
  });
  let filled;
  try {
    filled = await pool.fill(
      {
        templateKey: template.fileKey,
        templateBytes: input.templateBytes,
        values,
        flatten: input.flatten,
        alsoFlattened: input.alsoFlattened ?? false,
        settings: engineSettings(template),
      },
      { priority: input.priority ?? 'normal' },
    );
  } catch (error) {
    if (error instanceof FillFailedError) {
      const detail = error.isPdfError
        ? `The PDF of template '${template.name}' cannot be filled: ${error.message}`
        : error.message;
      return { ok: false, detail, recordDisplayName };
    }
    throw error;
  }
  const report = addTransformProblems(filled.report, transforms, values);
  return { ok: true, recordDisplayName, values, transforms, report, filled };
}

/**
 * Fills one template with one record in the worker pool and stores the result: the file first,
 * then the row, so a crash leaves at worst an unreferenced file, never a row without its PDF
 * (and for a job's form, a file the retry overwrites and then references).
 * Returns why when the record produced no form; throws only for storage or database failures.
 */
export async function fillRecord(
  deps: FillRecordDeps,
  input: FillRecordInput,
): Promise<FilledRecord | FailedForm> {
  const { table, template, record } = input;
  const made = await fillRecordValues(deps.pool, input);
  if (!made.ok) {
    return made;
  }
  const { recordDisplayName, values, report, filled } = made;
  const unwritten = describeUnwritten(report, values);
  if (unwritten) {
    return { ok: false, detail: unwritten, recordDisplayName };
  }
  // A job's form has an id (and so a storage key) derived from job, template and record: a retried
  // task rewrites the same object and its insert is ignored, so a record never gets two forms.
  const id = input.jobId
    ? derivedId('completed-form', input.jobId, template.id, record.id)
    : crypto.randomUUID();
  const summary = summarizeFillReport(report);
  const now = new Date().toISOString();
  const row: NewCompletedFormRow = {
    id,
    owner_id: input.ownerId,
    template_id: template.id,
    template_name: template.name,
    template_revision: template.revision,
    table_id: table.table.id,
    table_name: table.table.name,
    record_id: record.id,
    record_display_name: recordDisplayName,
    job_id: input.jobId,
    file_key: `completed-forms/${id}.pdf`,
    file_size: filled.bytes.byteLength,
    file_name: buildDownloadFileName(recordDisplayName, template.name, input.now),
    fill_report: JSON.stringify(report),
    fields_requested: summary.requested,
    fields_written: summary.written,
    fields_with_problems: summary.with_problems,
    email_sent_to: '[]',
    email_error: null,
    flattened: input.flatten,
    created_at: now,
    scripts_checked_at: now, // fills never carry scripts (fill-plan.ts)
  };
  // File first, then its row (not one transaction as uploads do: in a bulk run that would hold
  // SQLite's one connection during every store). A crash in between leaves a file no row owns,
  // which the file sweep removes; never a row without its file.
  await deps.storage.put(row.file_key, filled.bytes);
  try {
    await crashPoint('completed-form-stored');
    if (deps.storeRow) {
      // Batched rows are audited where the batch is written (generation/row-batch.ts).
      await deps.storeRow(row);
    } else {
      await deps.db.transaction().execute(async (trx) => {
        // A job's retried item inserts nothing the second time, and so audits nothing.
        const inserted = input.jobId
          ? await insertCompletedFormOnce(trx, row)
          : (await insertCompletedForm(trx, row), true);
        if (inserted) {
          await auditFormGenerated(trx, { workspaceId: input.ownerId, actor: input.actor }, row);
        }
      });
    }
  } catch (error) {
    await deps.storage.remove(row.file_key);
    throw error;
  }
  return { ok: true, row, bytes: filled.bytes, flattened: filled.flattened };
}
