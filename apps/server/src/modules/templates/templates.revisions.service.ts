import { matchRevisionFields } from '@formbridge/contract/template-revision-match';
import type {
  MakeCurrentResponse,
  RevisionUploadResponse,
  TemplateRevisionList,
} from '@formbridge/contract/template-revisions';
import { TEMPLATE_MESSAGES, type FieldDataDto } from '@formbridge/contract/templates';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import type { Db } from '../../db/database.ts';
import { commitWithFile } from '../../lib/storage/commit-with-file.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import { describeTemplate, templateTarget } from './templates.audit.ts';
import { lockTemplateForUpdate, updateTemplate, type TemplateRow } from './templates.repo.ts';
import type { TemplateRevisionMappings } from './templates.revision-mappings.ts';
import { presentRevision, revisionOf } from './templates.revisions.model.ts';
import {
  findRevisionRow,
  insertRevision,
  lastRevisionNumber,
  listRevisionRows,
  updateRevision,
} from './templates.revisions.repo.ts';
import { analyseUpload, detectedColumns, fileKey, getTemplate } from './templates.service.ts';

// Template revisions (issue 32): a new edition of the PDF becomes the current revision with the
// mappings carried over by field matching; an earlier revision can be made current again.

const describeRevision = (row: TemplateRow, revision: number) => ({
  ...describeTemplate(row),
  revision: String(revision),
});

/**
 * Locks the template for this write and checks it still shows the revision the request was
 * prepared against (the fields were matched outside the transaction): 409 otherwise.
 */
async function lockUnchanged(trx: Db, ownerId: string, current: TemplateRow): Promise<void> {
  const locked = await lockTemplateForUpdate(trx, ownerId, current.id);
  if (!locked) {
    throw notFound('Template');
  }
  if (Number(locked.current_revision) !== Number(current.current_revision)) {
    throw new AppError(
      409,
      'The template changed while this was prepared (another revision was uploaded or made current); try again',
      'revision_conflict',
    );
  }
}

/** After the row stopped naming it: the field editor's copy (revisions keep their uploads). */
async function removeEditorCopy(ctx: AppContext, before: TemplateRow): Promise<void> {
  if (before.original_file_key !== null) {
    await ctx.storage.remove(before.file_key);
  }
}

/**
 * Uploads a new revision: detected in the sandbox like any upload, matched to the current fields,
 * the template's mappings carried to the matched fields (the rest dropped and named), the old
 * revision keeping a copy of the mapping set. One transaction with the stored file.
 */
export async function uploadRevision(
  ctx: AppContext,
  scope: AuditScope,
  id: string,
  file: UploadedFile | null,
  mappings: TemplateRevisionMappings,
): Promise<RevisionUploadResponse> {
  const ownerId = scope.workspaceId;
  const current = await getTemplate(ctx, ownerId, id);
  if (!file) {
    throw validationError([{ loc: ['body', 'pdf_file'], msg: TEMPLATE_MESSAGES.fileRequired }]);
  }
  const analysed = await analyseUpload(ctx, file);
  const oldData = JSON.parse(current.field_data) as FieldDataDto;
  const newData = analysed.detected.fields;
  const { matches, diff } = matchRevisionFields(oldData, newData);
  const key = fileKey();
  const stored = { key, bytes: analysed.storedBytes, point: 'template-stored' } as const;
  const result = await commitWithFile(ctx.db, ctx.storage, stored, async (trx) => {
    await lockUnchanged(trx, ownerId, current);
    const revision = (await lastRevisionNumber(trx, id)) + 1;
    const snapshot = await mappings.snapshot(trx, ownerId, id);
    await updateRevision(trx, ownerId, id, current.current_revision, { mappings: snapshot });
    const carried = await mappings.carry(trx, ownerId, id, { matches, oldData, newData });
    const changes = {
      file_key: key,
      original_file_key: null,
      file_size: analysed.storedBytes.length,
      ...detectedColumns(analysed),
      current_revision: revision,
      updated_at: new Date().toISOString(),
    };
    await updateTemplate(trx, ownerId, id, changes);
    const after: TemplateRow = { ...current, ...changes };
    await insertRevision(trx, revisionOf(after, revision, scope));
    await auditWrite(trx, scope, {
      action: 'template.revision_uploaded',
      target: templateTarget(current),
      before: describeRevision(current, current.current_revision),
      after: describeRevision(after, revision),
    });
    return { revision, carried };
  });
  await removeEditorCopy(ctx, current);
  return {
    revision: result.revision,
    diff,
    mappings_carried: result.carried.carried,
    mappings_dropped: result.carried.dropped,
  };
}

/** The template's revisions, newest first, with the current one marked. */
export async function listRevisions(
  ctx: AppContext,
  ownerId: string,
  id: string,
): Promise<TemplateRevisionList> {
  const template = await getTemplate(ctx, ownerId, id);
  const rows = await listRevisionRows(ctx.db, ownerId, id);
  return {
    current_revision: template.current_revision,
    revisions: rows.map((row) => presentRevision(row, template.current_revision)),
  };
}

/**
 * Makes an earlier (or later) revision current: the template shows its PDF and fields again and
 * gets back the mapping set it had when it was last current; the revision it replaces keeps
 * today's set. Making the current revision current changes nothing.
 */
export async function makeRevisionCurrent(
  ctx: AppContext,
  scope: AuditScope,
  id: string,
  revision: number,
  mappings: TemplateRevisionMappings,
): Promise<MakeCurrentResponse> {
  const ownerId = scope.workspaceId;
  const current = await getTemplate(ctx, ownerId, id);
  const target = await findRevisionRow(ctx.db, ownerId, id, revision);
  if (!target) {
    throw notFound('Template revision');
  }
  if (revision === current.current_revision) {
    return { current_revision: revision, mappings_restored: 0, mappings_dropped: [] };
  }
  const result = await ctx.db.transaction().execute(async (trx) => {
    await lockUnchanged(trx, ownerId, current);
    const snapshot = await mappings.snapshot(trx, ownerId, id);
    await updateRevision(trx, ownerId, id, current.current_revision, { mappings: snapshot });
    const restored = await mappings.restore(trx, ownerId, id, target.mappings);
    await updateRevision(trx, ownerId, id, revision, { mappings: null });
    const changes = {
      file_key: target.file_key,
      original_file_key: null,
      file_size: target.file_size,
      field_data: target.field_data,
      field_count: target.field_count,
      page_count: target.page_count,
      pages: target.pages,
      detection_notes: target.detection_notes,
      current_revision: revision,
      updated_at: new Date().toISOString(),
    };
    await updateTemplate(trx, ownerId, id, changes);
    await auditWrite(trx, scope, {
      action: 'template.revision_made_current',
      target: templateTarget(current),
      before: describeRevision(current, current.current_revision),
      after: describeRevision({ ...current, ...changes }, revision),
    });
    return restored;
  });
  await removeEditorCopy(ctx, current);
  return {
    current_revision: revision,
    mappings_restored: result.restored,
    mappings_dropped: result.dropped,
  };
}
