import crypto from 'node:crypto';
import { PUBLIC_LINK_MESSAGES } from '@formbridge/contract/public-links';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { listTemplateMappings } from '../mappings/mappings.public.ts';
import { listRecordsByIds } from '../records/records.public.ts';
import { findTable, lockTable } from '../tables/tables.public.ts';
import { findTemplate, shareLockTemplate } from '../templates/templates.public.ts';
import {
  findActiveFormLink,
  findOwnedFormLink,
  insertFormLink,
  listFormLinkRows,
  revokeFormLinkRow,
  type FormLinkFilters,
  type FormLinkListRow,
  type FormLinkRow,
  type NewFormLinkRow,
} from './public-forms.repo.ts';
import { createPublicToken } from './public-token.ts';
import { getRecordDisplayName } from '@formbridge/contract/display-name';
import { toBoolean } from '../../db/dialect.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';

const formLinkTarget = (id: string, templateName: string, recordName: string) => ({
  kind: 'public_link' as const,
  id,
  name: `${templateName} · ${recordName}`,
});

// The owner's side of document-form links: create (or reuse), list, revoke.

/**
 * The owner's active public link for a template and record: the existing one when there is one
 * (sharing twice gives the same URL), else a new one. The record must belong to a table the
 * template maps to, or the form would have nothing to fill (422 `not_mapped`).
 */
export async function createFormLink(
  ctx: AppContext,
  scope: AuditScope,
  templateId: string,
  recordId: string,
): Promise<{ row: FormLinkRow; isNew: boolean }> {
  const ownerId = scope.workspaceId;
  const template = await findTemplate(ctx.db, ownerId, templateId);
  if (!template) {
    throw notFound('Template');
  }
  const [record] = await listRecordsByIds(ctx.db, ownerId, [recordId]);
  if (!record) {
    throw notFound('Record');
  }
  const mappings = await listTemplateMappings(ctx.db, ownerId, templateId);
  if (!mappings.some((mapping) => mapping.mapped_table_id === record.table_id)) {
    const table = await findTable(ctx.db, ownerId, record.table_id);
    const detail = PUBLIC_LINK_MESSAGES.notMapped(template.name, table?.name ?? 'Unknown Table');
    throw new AppError(422, detail, 'not_mapped');
  }
  // Under the table lock: two clicks at once give one link, and the record cannot vanish
  // between the check and the insert; the template, locked for share, cannot either.
  return ctx.db.transaction().execute(async (trx) => {
    const table = await lockTable(trx, ownerId, record.table_id);
    if (!table) {
      throw notFound('Record');
    }
    if (!(await shareLockTemplate(trx, ownerId, templateId))) {
      throw notFound('Template');
    }
    const existing = await findActiveFormLink(trx, ownerId, templateId, recordId);
    if (existing) {
      return { row: existing, isNew: false };
    }
    if ((await listRecordsByIds(trx, ownerId, [recordId])).length === 0) {
      throw notFound('Record');
    }
    const row = {
      id: crypto.randomUUID(),
      owner_id: ownerId,
      token: createPublicToken(),
      template_id: templateId,
      table_id: record.table_id,
      record_id: recordId,
      is_active: true,
      created_at: new Date().toISOString(),
      revoked_at: null,
      embed_origins: null,
    } satisfies NewFormLinkRow;
    await insertFormLink(trx, row);
    await auditWrite(trx, scope, {
      action: 'public_link.created',
      target: formLinkTarget(row.id, template.name, getRecordDisplayName(table, record)),
      after: { template: template.name, active: 'Yes' },
    });
    return { row, isNew: true };
  });
}

/** The owner's document-form links (active ones unless asked otherwise), newest first. */
export function listFormLinks(
  ctx: AppContext,
  ownerId: string,
  filters: FormLinkFilters,
): Promise<FormLinkListRow[]> {
  return listFormLinkRows(ctx.db, ownerId, filters);
}

/** Revokes a link by id or token; the public form then answers 404. Revoking twice is fine. */
export async function revokeFormLink(
  ctx: AppContext,
  scope: AuditScope,
  idOrToken: string,
): Promise<void> {
  const ownerId = scope.workspaceId;
  await ctx.db.transaction().execute(async (trx) => {
    const link = await findOwnedFormLink(trx, ownerId, idOrToken);
    if (!link) {
      throw notFound('Public form link');
    }
    await revokeFormLinkRow(trx, ownerId, link.id, new Date().toISOString());
    if (toBoolean(link.is_active)) {
      const template = await findTemplate(trx, ownerId, link.template_id);
      const table = await findTable(trx, ownerId, link.table_id);
      const [record] = await listRecordsByIds(trx, ownerId, [link.record_id]);
      const recordName = table && record ? getRecordDisplayName(table, record) : link.record_id;
      await auditWrite(trx, scope, {
        action: 'public_link.revoked',
        target: formLinkTarget(link.id, template?.name ?? link.template_id, recordName),
        before: { active: 'Yes' },
        after: { active: 'No' },
      });
    }
  });
}
