import crypto from 'node:crypto';
import {
  TEMPLATE_MESSAGES,
  templateNameSchema,
  type TemplateFillSettings,
  type TemplateSummary,
} from '@formbridge/contract/templates';
import type { Db } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import { commitWithFile } from '../../lib/storage/commit-with-file.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import { PdfInputError } from '../../pdf/detect/detect-errors.ts';
import { PdfUnsafeError } from '../../pdf/objects/pdf-unsafe.ts';
import type { DetectedTemplate } from '../../pdf/detect/detect-types.ts';
import {
  deleteTemplateRow,
  findTemplate,
  insertTemplate,
  updateTemplate,
  type TemplateRow,
} from './templates.repo.ts';
import type { TemplateFieldsReplaced } from './templates.fields-replaced.ts';
import { readTemplate, type StoredTemplate } from './templates.model.ts';
import { presentTemplateSummary } from './templates.presenter.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { auditTemplateChange } from './templates.audit-change.ts';
import { describeTemplate, templateTarget } from './templates.audit.ts';
import {
  deleteToTrash,
  moveToTrash,
  removeForgottenFiles,
  trashRetentionDays,
} from '../../lib/trash/move-to-trash.ts';
import { snapshotTemplate } from '../../lib/trash/trash-snapshot.ts';
import { insertRevision, updateRevision } from './templates.revisions.repo.ts';
import { firstRevision } from './templates.revisions.model.ts';

function parseName(raw: string | undefined): string {
  const parsed = templateNameSchema.safeParse(raw ?? '');
  if (!parsed.success) {
    throw validationError([
      {
        loc: ['body', 'name'],
        msg: parsed.error.issues[0]?.message ?? TEMPLATE_MESSAGES.nameRequired,
      },
    ]);
  }
  return parsed.data;
}

export type AnalysedUpload = {
  detected: DetectedTemplate;
  storedBytes: Uint8Array;
  notes: string[];
};

/**
 * Detects the fields (in the PDF sandbox: never on this thread) and, when widgets on the pages
 * are missing from the field tree, stores a repaired copy so every tool that fills it later
 * (ours, pdftk, viewers) sees the same fields. Outcomes of contract.md: 415 not a PDF, 422
 * damaged/locked/XFA, and 422 `unsafe_pdf` when reading it hit a safety limit.
 */
export async function analyseUpload(ctx: AppContext, file: UploadedFile): Promise<AnalysedUpload> {
  if (file.bytes.length === 0) {
    throw new AppError(422, 'The file is empty');
  }
  try {
    const { detected, repaired, notes } = await ctx.pdfSandbox.analyse(new Uint8Array(file.bytes));
    return { detected, storedBytes: repaired ?? file.bytes, notes };
  } catch (error) {
    if (error instanceof PdfInputError) {
      throw new AppError(error.reason === 'not_pdf' ? 415 : 422, error.message, error.reason);
    }
    if (error instanceof PdfUnsafeError) {
      throw new AppError(422, error.message, 'unsafe_pdf');
    }
    throw error;
  }
}

export function fileKey(): string {
  return `templates/${crypto.randomUUID()}.pdf`;
}

export function detectedColumns({ detected, notes }: AnalysedUpload) {
  return {
    detection_notes: notes.length > 0 ? JSON.stringify(notes) : null,
    field_data: JSON.stringify(detected.fields),
    field_count: Object.keys(detected.fields).length,
    page_count: detected.page_count,
    pages: JSON.stringify(detected.pages),
  };
}

/**
 * Stores the PDF and its row together (commitWithFile): neither is ever left without the other.
 * `alongside` runs in the same transaction once the row is in (the sample form makes its table,
 * mappings and records there), so a failure leaves none of it behind.
 */
export async function createTemplate(
  ctx: AppContext,
  scope: AuditScope,
  input: { name: string | undefined; file: UploadedFile | null },
  alongside?: (trx: Db, template: StoredTemplate) => Promise<void>,
): Promise<TemplateRow> {
  const ownerId = scope.workspaceId;
  const name = parseName(input.name);
  if (!input.file) {
    throw validationError([{ loc: ['body', 'pdf_file'], msg: TEMPLATE_MESSAGES.fileRequired }]);
  }
  const analysed = await analyseUpload(ctx, input.file);
  const { storedBytes } = analysed;
  const now = new Date().toISOString();
  const row: TemplateRow = {
    id: crypto.randomUUID(),
    owner_id: ownerId,
    name,
    file_key: fileKey(),
    original_file_key: null,
    file_size: storedBytes.length,
    ...detectedColumns(analysed),
    fill_settings: null,
    scripts_checked_at: now, // the upload repair removed its scripts
    current_revision: 1,
    created_at: now,
    updated_at: now,
  };
  const file = { key: row.file_key, bytes: storedBytes, point: 'template-stored' } as const;
  await commitWithFile(ctx.db, ctx.storage, file, async (trx) => {
    await insertTemplate(trx, row);
    await insertRevision(trx, firstRevision(row, scope));
    await auditWrite(trx, scope, {
      action: 'template.uploaded',
      target: templateTarget(row),
      after: describeTemplate(row),
    });
    await alongside?.(trx, readTemplate(row));
  });
  return row;
}

/** A template made from a PDF the server ships (the sample form), answered as lists show it. */
export async function createTemplateFromBytes(
  ctx: AppContext,
  scope: AuditScope,
  input: { name: string; fileName: string; bytes: Buffer },
  alongside: (trx: Db, template: StoredTemplate) => Promise<void>,
): Promise<TemplateSummary> {
  const file = {
    fieldName: 'pdf_file',
    filename: input.fileName,
    mimetype: 'application/pdf',
    bytes: input.bytes,
  };
  const row = await createTemplate(ctx, scope, { name: input.name, file }, alongside);
  return presentTemplateSummary(row, ctx.signer);
}

/** The owner's template as lists show it, or undefined. */
export async function findTemplateSummary(
  ctx: AppContext,
  ownerId: string,
  id: string,
): Promise<TemplateSummary | undefined> {
  const row = await findTemplate(ctx.db, ownerId, id);
  return row && presentTemplateSummary(row, ctx.signer);
}

export async function getTemplate(
  ctx: AppContext,
  ownerId: string,
  id: string,
): Promise<TemplateRow> {
  const row = await findTemplate(ctx.db, ownerId, id);
  if (!row) {
    throw notFound('Template');
  }
  return row;
}

export type TemplateUpdate = { name: string | undefined; file: UploadedFile | null };

/**
 * Renames and/or replaces the PDF. A new file is detected again; the old file is removed only
 * after the row points at the new one, so a failure leaves the template as it was.
 */
export async function updateTemplateWithFile(
  ctx: AppContext,
  scope: AuditScope,
  id: string,
  input: TemplateUpdate,
  fieldsReplaced: TemplateFieldsReplaced,
): Promise<{ row: TemplateRow; droppedMappings: Array<{ id: string; field_name: string }> }> {
  const ownerId = scope.workspaceId;
  const current = await getTemplate(ctx, ownerId, id);
  const name = input.name === undefined ? current.name : parseName(input.name);
  if (!input.file) {
    await ctx.db.transaction().execute(async (trx) => {
      await updateTemplate(trx, ownerId, id, { name, updated_at: new Date().toISOString() });
      await auditTemplateChange(trx, scope, 'template.renamed', current);
    });
    return { row: await getTemplate(ctx, ownerId, id), droppedMappings: [] };
  }
  const analysed = await analyseUpload(ctx, input.file);
  const { storedBytes } = analysed;
  const newKey = fileKey();
  const file = { key: newKey, bytes: storedBytes, point: 'template-stored' } as const;
  // Mappings whose PDF field survived the replacement are kept; the others go, in one step
  // with the new field data so the two never disagree.
  const droppedMappings = await commitWithFile(ctx.db, ctx.storage, file, async (trx) => {
    await updateTemplate(trx, ownerId, id, {
      name,
      file_key: newKey,
      original_file_key: null, // a new upload: fields written into the old one are gone
      file_size: storedBytes.length,
      ...detectedColumns(analysed),
      updated_at: new Date().toISOString(),
    });
    // Replacing the PDF replaces the current revision's file in place (no new revision).
    await updateRevision(trx, ownerId, id, current.current_revision, {
      file_key: newKey,
      file_size: storedBytes.length,
      ...detectedColumns(analysed),
    });
    const dropped = await fieldsReplaced(trx, ownerId, id, Object.keys(analysed.detected.fields));
    await auditTemplateChange(trx, scope, 'template.pdf_replaced', current);
    return dropped;
  });
  // Once no row names it, the old file is the sweep's if this removal never happens.
  await ctx.storage.remove(current.file_key);
  if (current.original_file_key !== null) {
    await ctx.storage.remove(current.original_file_key);
  }
  return { row: await getTemplate(ctx, ownerId, id), droppedMappings };
}

/** Replaces the template's fill settings (already validated against the contract schema). */
export async function updateFillSettings(
  ctx: AppContext,
  scope: AuditScope,
  id: string,
  settings: TemplateFillSettings,
): Promise<TemplateRow> {
  const ownerId = scope.workspaceId;
  const current = await getTemplate(ctx, ownerId, id);
  await ctx.db.transaction().execute(async (trx) => {
    await updateTemplate(trx, ownerId, id, {
      fill_settings: JSON.stringify(settings),
      updated_at: new Date().toISOString(),
    });
    await auditTemplateChange(trx, scope, 'template.fill_settings_changed', current);
  });
  return getTemplate(ctx, ownerId, id);
}

/**
 * Moves the template to the trash with its mappings and public form links (issue 32); its PDF
 * and upload stay in storage until the trash item is purged.
 */
export async function deleteTemplate(
  ctx: AppContext,
  scope: AuditScope,
  id: string,
): Promise<void> {
  const ownerId = scope.workspaceId;
  const row = await getTemplate(ctx, ownerId, id);
  const run = (keep: boolean) =>
    ctx.db.transaction().execute(async (trx) => {
      const snapshot = await snapshotTemplate(trx, id);
      await deleteTemplateRow(trx, ownerId, id);
      await auditWrite(trx, scope, {
        action: 'template.deleted',
        target: templateTarget(row),
        before: describeTemplate(row),
      });
      const retentionDays = trashRetentionDays(ctx.config);
      const item = { kind: 'template' as const, id, name: row.name, retentionDays, keep };
      return moveToTrash(trx, scope, item, snapshot);
    });
  await removeForgottenFiles(ctx.storage, await deleteToTrash(run));
}
