import {
  PUBLIC_LINK_CODES,
  PUBLIC_LINK_MESSAGES,
  type PublicFormPayload,
  type PublicFormSubmitResponse,
} from '@formbridge/contract/public-links';
import { withReadableOptionLabels } from '@formbridge/contract/pdf-names';
import type { FieldDataDto } from '@formbridge/contract/templates';
import type { Db } from '../../db/database.ts';
import { toBoolean } from '../../db/dialect.ts';
import { linkActor } from '../../lib/audit/audit-actor.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { PublicRateLimit } from '../../lib/public-rate-limit.ts';
import { listTemplateMappings, type StoredMapping } from '../mappings/mappings.public.ts';
import { findRecord } from '../records/records.public.ts';

import { findTable } from '../tables/tables.public.ts';
import { findTemplate, type StoredTemplate } from '../templates/templates.public.ts';
import { listDocumentFormFields, toStoredValue } from './public-fields.ts';
import { findFormLinkByToken, type FormLinkRow } from './public-forms.repo.ts';
import { applyPublicValues, submittedRecord } from './public-values.ts';
import { emitWebhookEvent } from '../../lib/webhooks/outbox.ts';

/** Makes the owner's completed form from the record as it now is; resolves to its id. */
export type GenerateForLink = (link: {
  ownerId: string;
  /** The link and visitor the audit log names for the form made. */
  scope: AuditScope;
  templateId: string;
  tableId: string;
  recordId: string;
}) => Promise<string>;

export type SubmitDeps = {
  rateLimit: PublicRateLimit;
  ip: string;
  userAgent: string | null;
  generate: GenerateForLink;
  log: { warn: (obj: object, msg: string) => void };
};

type ResolvedLink = {
  link: FormLinkRow;
  template: StoredTemplate;
  fieldData: FieldDataDto;
  mappings: StoredMapping[];
};

/** Revoked, unknown and broken links all read the same to a visitor (contract: 404). */
function invalidLink(): AppError {
  return new AppError(404, PUBLIC_LINK_MESSAGES.formLinkInvalid, PUBLIC_LINK_CODES.invalid);
}

/**
 * The active link behind a token with its template and the template's mappings to the link's
 * table. A link whose template no longer maps that table is broken (nothing would be filled).
 */
async function resolveFormLink(db: Db, token: string): Promise<ResolvedLink> {
  const link = await findFormLinkByToken(db, token);
  if (!link || !toBoolean(link.is_active)) {
    throw invalidLink();
  }
  const template = await findTemplate(db, link.owner_id, link.template_id);
  const mappings = await listTemplateMappings(db, link.owner_id, link.template_id, link.table_id);
  if (!template || mappings.length === 0) {
    throw invalidLink();
  }
  return {
    link,
    template,
    fieldData: withReadableOptionLabels(template.field_data),
    mappings,
  };
}

/** Where a document form's PDF is served: only while its link is active. */
export function publicFormPdfPath(token: string): string {
  return `/api/v1/public-forms/${encodeURIComponent(token)}/pdf`;
}

/** The owner and template of an active link's PDF; 404 in the link's words otherwise. */
export async function findPublicFormPdf(
  ctx: AppContext,
  token: string,
): Promise<{ ownerId: string; templateId: string }> {
  const { link, template } = await resolveFormLink(ctx.db, token);
  return { ownerId: link.owner_id, templateId: template.id };
}

/** What /public-form/{token} shows: the template's name and PDF, and the record's fields. */
export async function getPublicForm(ctx: AppContext, token: string): Promise<PublicFormPayload> {
  const { link, template, fieldData, mappings } = await resolveFormLink(ctx.db, token);
  const tableRow = await findTable(ctx.db, link.owner_id, link.table_id);
  const record = await findRecord(ctx.db, link.owner_id, link.table_id, link.record_id);
  if (!tableRow || !record) {
    throw invalidLink();
  }
  const data = record.data;
  const fields = listDocumentFormFields(tableRow, mappings, fieldData);
  return {
    formData: {
      templateName: template.name,
      // Served through the link itself, so revoking the link takes the PDF away at once (a
      // signed file URL would have kept working until it expired).
      pdfUrl: publicFormPdfPath(token),
      fields: fields.map((field) => ({
        id: field.id,
        name: field.field.name,
        label: field.label,
        type: field.type,
        required: field.required,
        options: field.options,
        mapped_to_template: field.mapped_to_template,
        current_value: toStoredValue(data, field.id),
      })),
    },
  };
}

/**
 * Saves a visitor's values to the link's record (document-form rules and wording, table lock),
 * then makes a fresh completed form for the owner. The values are saved even when the PDF cannot
 * be filled: the visitor did their part; the owner sees the record and can generate again.
 */
export async function submitPublicForm(
  ctx: AppContext,
  token: string,
  values: Record<string, unknown>,
  deps: SubmitDeps,
): Promise<PublicFormSubmitResponse> {
  const resolved = await resolveFormLink(ctx.db, token);
  await deps.rateLimit.take(`form:${resolved.link.id}`, deps.ip);
  const { link } = resolved;
  const scope: AuditScope = {
    workspaceId: link.owner_id,
    actor: linkActor('public_link', link.id, { ip: deps.ip, userAgent: deps.userAgent }),
  };
  await ctx.db.transaction().execute(async (trx) => {
    // Revoked while the visitor was typing: nothing is saved.
    const current = await findFormLinkByToken(trx, token);
    if (!current || !toBoolean(current.is_active)) {
      throw invalidLink();
    }
    const target = { ownerId: link.owner_id, tableId: link.table_id, recordId: link.record_id };
    const saved = await applyPublicValues(trx, target, {
      variant: 'document',
      values,
      locPrefix: ['body'],
      fileLocPrefix: ['body'],
      listFields: (table) => listDocumentFormFields(table, resolved.mappings, resolved.fieldData),
      gone: invalidLink,
      scope,
    });
    await emitWebhookEvent(trx, link.owner_id, {
      type: 'public_form.submitted',
      data: {
        link_id: link.id,
        template_id: link.template_id,
        ...submittedRecord(saved, link.record_id),
      },
    });
  });
  let completedFormId: string | null = null;
  try {
    completedFormId = await deps.generate({
      ownerId: link.owner_id,
      scope,
      templateId: link.template_id,
      tableId: link.table_id,
      recordId: link.record_id,
    });
  } catch (error) {
    deps.log.warn({ err: error, linkId: link.id }, 'public form saved but not generated');
  }
  return { message: PUBLIC_LINK_MESSAGES.formSubmitted, completed_form_id: completedFormId };
}
