import type { ValidationIssue } from '@formbridge/contract/errors';
import {
  PUBLIC_LINK_MESSAGES,
  type PublicDataField,
  type PublicDataForm,
  type PublicDataSubmitValues,
} from '@formbridge/contract/public-links';
import { readValue } from '@formbridge/contract/records-values';
import { linkActor } from '../../lib/audit/audit-actor.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import type { PublicRateLimit } from '../../lib/public-rate-limit.ts';
import { emitWebhookEvent } from '../../lib/webhooks/outbox.ts';
import { listRecordFiles, type StoredFile } from '../record-files/record-files.public.ts';
import { findRecord } from '../records/records.public.ts';

import { findTable } from '../tables/tables.public.ts';
import {
  applyPublicValues,
  listDataFormFields,
  submittedRecord,
  toStoredValue,
  type PublicField,
} from '../public-forms/public-forms.public.ts';
import { invalidDataLink, resolveDataLink } from './public-data-forms.access.ts';
import { listLinkUploadIds } from './public-data-forms.repo.ts';

export type PublicWriteDeps = { rateLimit: PublicRateLimit; ip: string; userAgent: string | null };

/** Who writes through a data link, for the audit log: the link, from the visitor's address. */
export function dataLinkScope(
  link: { id: string; owner_id: string },
  deps: PublicWriteDeps,
): AuditScope {
  return {
    workspaceId: link.owner_id,
    actor: linkActor('data_link', link.id, { ip: deps.ip, userAgent: deps.userAgent }),
  };
}

// A file field's files in the order the record lists them (the owner may have reordered them).
function listFieldFiles(
  data: Record<string, unknown>,
  fieldName: string,
  files: readonly StoredFile[],
): StoredFile[] {
  const ids = readValue(data, fieldName);
  const order = Array.isArray(ids) ? ids : [];
  const own = files.filter((file) => file.field_name === fieldName);
  const rank = (file: StoredFile) => {
    const at = order.indexOf(file.id);
    return at < 0 ? order.length : at;
  };
  return own.sort((a, b) => rank(a) - rank(b));
}

/**
 * What /public-data-form/{token} shows: the table's name, the owner's message and the record's
 * fields with their values and files. Nothing else: no ids of the record, its table or its owner.
 */
export async function getPublicDataForm(ctx: AppContext, token: string): Promise<PublicDataForm> {
  const link = await resolveDataLink(ctx.db, token);
  const tableRow = await findTable(ctx.db, link.owner_id, link.table_id);
  const record = await findRecord(ctx.db, link.owner_id, link.table_id, link.record_id);
  if (!tableRow || !record) {
    throw invalidDataLink();
  }
  const data = record.data;
  const files = await listRecordFiles(ctx.db, link.owner_id, record.id);
  const uploads = await listLinkUploadIds(ctx.db, link.id);
  const fields = listDataFormFields(tableRow).map((field): PublicDataField => ({
    id: field.id,
    label: field.label,
    type: field.type,
    required: field.required,
    description: null,
    current_value: field.type === 'file' ? null : toStoredValue(data, field.id),
    uploaded_files:
      field.type === 'file'
        ? listFieldFiles(data, field.id, files).map((file) => ({
            id: file.id,
            filename: file.filename,
            file_size: file.file_size,
            removable: uploads.has(file.id),
          }))
        : [],
  }));
  return {
    table_name: tableRow.name,
    custom_message: link.custom_message,
    expires_at: link.expires_at,
    fields,
  };
}

// `files` only confirms what the uploads attached: each key a file field, each id a file of this
// record in that field. Another record's file id is refused the same way as a made-up one.
function checkListedFiles(
  listed: PublicDataSubmitValues['files'],
  fields: readonly PublicField[],
  files: readonly StoredFile[],
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const [key, ids] of Object.entries(listed)) {
    const loc = ['body', 'files', key];
    if (!fields.some((field) => field.id === key && field.type === 'file')) {
      issues.push({ loc, msg: PUBLIC_LINK_MESSAGES.notFileField(key), type: 'extra_forbidden' });
      continue;
    }
    const isOwn = (id: string) => files.some((file) => file.id === id && file.field_name === key);
    if (!ids.every(isOwn)) {
      issues.push({ loc, msg: PUBLIC_LINK_MESSAGES.fileNotOnForm(key), type: 'value_error' });
    }
  }
  return issues;
}

/**
 * Saves a visitor's answers to the link's record: data-form rules and wording, then the record
 * rules, under the table lock. The link is checked again inside the transaction, so a link
 * switched off while the visitor was typing saves nothing.
 */
export async function submitPublicDataForm(
  ctx: AppContext,
  token: string,
  body: PublicDataSubmitValues,
  deps: PublicWriteDeps,
): Promise<{ message: string }> {
  const link = await resolveDataLink(ctx.db, token);
  await deps.rateLimit.take(`data:${link.id}`, deps.ip);
  await ctx.db.transaction().execute(async (trx) => {
    await resolveDataLink(trx, token);
    const target = { ownerId: link.owner_id, tableId: link.table_id, recordId: link.record_id };
    const saved = await applyPublicValues(trx, target, {
      variant: 'data',
      values: body.form_data,
      locPrefix: ['body', 'form_data'],
      fileLocPrefix: ['body', 'files'],
      listFields: listDataFormFields,
      checkFiles: (fields, files) => checkListedFiles(body.files, fields, files),
      gone: invalidDataLink,
      scope: dataLinkScope(link, deps),
    });
    await emitWebhookEvent(trx, link.owner_id, {
      type: 'data_link.submitted',
      data: { link_id: link.id, ...submittedRecord(saved, link.record_id) },
    });
  });
  return { message: PUBLIC_LINK_MESSAGES.dataSubmitted };
}
