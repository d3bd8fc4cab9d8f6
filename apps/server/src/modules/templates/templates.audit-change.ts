import type { Db } from '../../db/database.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { describeTemplate, templateTarget } from './templates.audit.ts';
import { findTemplate, type TemplateRow } from './templates.repo.ts';

/** The event of a change to a template, read again in `trx` after the write for the "after". */
export async function auditTemplateChange(
  trx: Db,
  scope: AuditScope,
  action: string,
  before: TemplateRow,
): Promise<void> {
  const after = (await findTemplate(trx, scope.workspaceId, before.id)) ?? before;
  await auditWrite(trx, scope, {
    action,
    target: templateTarget(after),
    before: describeTemplate(before),
    after: describeTemplate(after),
  });
}
