// The field editor's two calls (issue 29): fields proposed from the page content of a template's
// PDF, and a reviewed field list written into it as a real AcroForm. Both parse the untrusted
// file in the PDF sandbox. Writing always starts from the PDF as uploaded, which is kept.
import crypto from 'node:crypto';
import type {
  EditorField,
  FieldCandidateDto,
  FieldCandidatesResponse,
} from '@formbridge/contract/field-candidates';
import { checkFieldLayout } from '@formbridge/contract/field-candidates';
import type { FieldDataDto } from '@formbridge/contract/templates';
import type { AppContext } from '../../lib/context.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { commitWithFile } from '../../lib/storage/commit-with-file.ts';
import { PdfInputError } from '../../pdf/detect/detect-errors.ts';
import type { FieldCandidate } from '../../pdf/find-fields/find-types.ts';
import { FieldWriteError } from '../../pdf/find-fields/field-write-error.ts';
import { PdfUnsafeError } from '../../pdf/objects/pdf-unsafe.ts';
import { updateTemplate, type TemplateRow } from './templates.repo.ts';
import { getTemplate } from './templates.service.ts';
import type { TemplateFieldsReplaced } from './templates.fields-replaced.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { auditTemplateChange } from './templates.audit-change.ts';

/** A sandbox call with its failures as the API's answers (contract.md upload outcomes). */
async function inSandbox<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PdfInputError) {
      throw new AppError(422, error.message, error.reason);
    }
    if (error instanceof PdfUnsafeError) {
      throw new AppError(422, error.message, 'unsafe_pdf');
    }
    if (error instanceof FieldWriteError) {
      throw new AppError(422, error.message, 'fields_not_writable');
    }
    throw error;
  }
}

function toDto(candidate: FieldCandidate): FieldCandidateDto {
  const type =
    candidate.type === 'text' && candidate.multiline === true ? 'multiline' : candidate.type;
  const dto: FieldCandidateDto = {
    page: candidate.page + 1,
    rect: candidate.rect,
    type,
    name: candidate.name,
    label: candidate.label,
    confidence: candidate.confidence,
  };
  if (candidate.max_len !== undefined) {
    dto.max_len = candidate.max_len;
  }
  return dto;
}

/** Whether a candidate sits on a widget the template already has (only missing ones are offered). */
function isExisting(candidate: FieldCandidate, fields: FieldDataDto): boolean {
  const [cx, cy] = [
    (candidate.rect[0] + candidate.rect[2]) / 2,
    (candidate.rect[1] + candidate.rect[3]) / 2,
  ];
  return Object.values(fields).some((field) =>
    field.widgets.some(
      (w) =>
        w.page === candidate.page &&
        cx >= w.rect[0] - 2 &&
        cx <= w.rect[2] + 2 &&
        cy >= w.rect[1] - 2 &&
        cy <= w.rect[3] + 2,
    ),
  );
}

/** Fields proposed on the template's pages, less those it already has. */
export async function findFieldCandidates(
  ctx: AppContext,
  ownerId: string,
  id: string,
): Promise<FieldCandidatesResponse> {
  const row = await getTemplate(ctx, ownerId, id);
  const bytes = new Uint8Array(await ctx.storage.read(row.original_file_key ?? row.file_key));
  const found = await inSandbox(() => ctx.pdfSandbox.findFields(bytes));
  const existing = JSON.parse(row.field_data) as FieldDataDto;
  return {
    candidates: found.candidates.filter((c) => !isExisting(c, existing)).map(toDto),
    pages_without_content: found.imageOnlyPages.map((page) => page + 1),
  };
}

/**
 * Writes `fields` (the whole form) into a copy of the PDF as uploaded, detects the copy as any
 * upload and makes it the template's file. Mappings of fields that are gone are dropped with it.
 */
export async function writeTemplateFields(
  ctx: AppContext,
  scope: AuditScope,
  id: string,
  fields: EditorField[],
  fieldsReplaced: TemplateFieldsReplaced,
): Promise<{ row: TemplateRow; droppedMappings: Array<{ id: string; field_name: string }> }> {
  const ownerId = scope.workspaceId;
  const current = await getTemplate(ctx, ownerId, id);
  const issues = checkFieldLayout(
    fields,
    JSON.parse(current.pages) as { width: number; height: number }[],
  );
  if (issues.length > 0) {
    throw validationError(issues);
  }
  const originalKey = current.original_file_key ?? current.file_key;
  const original = new Uint8Array(await ctx.storage.read(originalKey));
  const written = await inSandbox(() => ctx.pdfSandbox.writeFields(original, fields));
  const { detected, repaired } = await inSandbox(() => ctx.pdfSandbox.analyse(written));
  const stored = repaired ?? written;
  const newKey = `templates/${crypto.randomUUID()}.pdf`;
  const file = { key: newKey, bytes: stored, point: 'template-stored' } as const;
  const droppedMappings = await commitWithFile(ctx.db, ctx.storage, file, async (trx) => {
    await updateTemplate(trx, ownerId, id, {
      file_key: newKey,
      original_file_key: originalKey,
      file_size: stored.length,
      field_data: JSON.stringify(detected.fields),
      field_count: Object.keys(detected.fields).length,
      page_count: detected.page_count,
      pages: JSON.stringify(detected.pages),
      updated_at: new Date().toISOString(),
    });
    const dropped = await fieldsReplaced(trx, ownerId, id, Object.keys(detected.fields));
    await auditTemplateChange(trx, scope, 'template.fields_written', current);
    return dropped;
  });
  // The copy written last time is no longer named by the row; the upload itself is kept.
  if (current.file_key !== originalKey) {
    await ctx.storage.remove(current.file_key);
  }
  return { row: await getTemplate(ctx, ownerId, id), droppedMappings };
}
