import {
  GENERATION_MESSAGES,
  MAX_EMAILED_FORMS,
  type bulkGenerationBodySchema,
  type multiTemplateBodySchema,
} from '@formbridge/contract/completed-forms';
import type { ValidationIssue } from '@formbridge/contract/errors';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import type { Member } from '../../lib/current-member.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { findExistingRecordIds, findRecord } from '../records/records.public.ts';
import { checkRecipients } from '../completed-forms/completed-forms.public.ts';
import { BULK_GENERATION, type BulkGenerationPayload } from './bulk-generation.payload.ts';
import { loadTableSource, loadTemplateSource } from '../completed-forms/completed-forms.public.ts';
import { MULTI_TEMPLATE_GENERATION, type MultiTemplatePayload } from './multi-template.job.ts';
import { userActor } from '../../lib/audit/audit-actor.ts';

type BulkBody = z.output<typeof bulkGenerationBodySchema>;
type MultiBody = z.output<typeof multiTemplateBodySchema>;

// Everything that can be checked before a job starts is checked here, so a 202 means the work
// itself is sound and only per-record problems remain.

const MAX_LISTED_ISSUES = 20;

function limitIssues(issues: Array<Omit<ValidationIssue, 'type'>>) {
  if (issues.length <= MAX_LISTED_ISSUES) {
    return issues;
  }
  const rest = issues.length - MAX_LISTED_ISSUES;
  const [first] = issues;
  return [
    ...issues.slice(0, MAX_LISTED_ISSUES),
    { loc: first?.loc.slice(0, 2) ?? ['body'], msg: `...and ${rest} more.` },
  ];
}

function checkEmail(sendEmail: boolean, recipients: string[], forms: number) {
  if (!sendEmail) {
    return [];
  }
  if (forms > MAX_EMAILED_FORMS) {
    throw validationError([
      { loc: ['body', 'send_email'], msg: GENERATION_MESSAGES.tooManyEmails(forms) },
    ]);
  }
  return checkRecipients(recipients, ['body', 'email_recipients']);
}

/** Checks a bulk generation and queues it; resolves with the job id. */
export async function startBulkGeneration(
  ctx: AppContext,
  queue: JobQueue,
  member: Member,
  params: { templateId: string; tableId: string },
  body: BulkBody,
  clientIp: string,
): Promise<string> {
  const recordIds = [...new Set(body.record_ids)];
  const recipients = checkEmail(body.send_email, body.email_recipients, recordIds.length);
  if (recipients.length > 0) {
    // One message per record, each to every recipient.
    const sender = { userId: member.user.id, ip: clientIp };
    await ctx.mailQuota.take(sender, recordIds.length, recordIds.length * recipients.length);
  }
  const table = await loadTableSource(ctx.db, member.workspaceId, params.tableId);
  const template = await loadTemplateSource(
    ctx.db,
    member.workspaceId,
    params.templateId,
    table.table,
    body.template_revision,
  );
  const found = await findExistingRecordIds(ctx.db, member.workspaceId, params.tableId, recordIds);
  const missing = body.record_ids
    .map((id, index) => ({ id, index }))
    .filter(({ id }) => !found.has(id));
  if (missing.length > 0) {
    throw validationError(
      limitIssues(
        missing.map(({ id, index }) => ({
          loc: ['body', 'record_ids', index],
          msg: GENERATION_MESSAGES.notRecordOfTable(id, table.table.name),
        })),
      ),
    );
  }
  const payload: BulkGenerationPayload = {
    template_id: params.templateId,
    table_id: params.tableId,
    record_ids: recordIds,
    user_email: member.user.email,
    send_email: body.send_email,
    email_recipients: recipients,
    flatten: body.flatten,
    template_revision: template.revision,
    now: new Date().toISOString(),
  };
  return queue.enqueue({
    ownerId: member.workspaceId,
    kind: BULK_GENERATION,
    payload,
    total: recordIds.length,
    audit: {
      actor: userActor(member.user, member),
      name: `${template.name} · ${table.table.name} (${recordIds.length} records)`,
    },
  });
}

/** Checks a multi-template generation and queues it; resolves with the job id. */
export async function startMultiTemplateGeneration(
  ctx: AppContext,
  queue: JobQueue,
  member: Member,
  params: { tableId: string; recordId: string },
  body: MultiBody,
  clientIp: string,
): Promise<string> {
  // A set, not indexOf per entry: linear in the list whatever its length.
  const seen = new Set<string>();
  const duplicates: Array<{ index: number }> = [];
  body.template_ids.forEach((id, index) => {
    if (seen.has(id)) {
      duplicates.push({ index });
    }
    seen.add(id);
  });
  if (duplicates.length > 0) {
    throw validationError(
      duplicates.map(({ index }) => ({
        loc: ['body', 'template_ids', index],
        msg: GENERATION_MESSAGES.duplicateTemplate,
      })),
    );
  }
  const chosen = body.template_revisions ?? {};
  const unlisted = Object.keys(chosen).filter((id) => !seen.has(id));
  if (unlisted.length > 0) {
    throw validationError(
      unlisted.map((id) => ({
        loc: ['body', 'template_revisions', id],
        msg: GENERATION_MESSAGES.revisionOfUnlistedTemplate,
      })),
    );
  }
  const recipients = checkEmail(body.send_email, body.email_recipients, 1);
  if (recipients.length > 0) {
    await ctx.mailQuota.take({ userId: member.user.id, ip: clientIp }, 1, recipients.length);
  }
  const table = await loadTableSource(ctx.db, member.workspaceId, params.tableId);
  if (!(await findRecord(ctx.db, member.workspaceId, params.tableId, params.recordId))) {
    throw notFound('Record');
  }
  const unmapped: Array<Omit<ValidationIssue, 'type'>> = [];
  const revisions: Record<string, number> = {};
  for (const [index, templateId] of body.template_ids.entries()) {
    try {
      const template = await loadTemplateSource(
        ctx.db,
        member.workspaceId,
        templateId,
        table.table,
        chosen[templateId],
      );
      revisions[templateId] = template.revision;
    } catch (error) {
      if (
        !(error instanceof AppError) ||
        error.status !== 422 ||
        typeof error.detail !== 'string'
      ) {
        throw error;
      }
      unmapped.push({ loc: ['body', 'template_ids', index], msg: error.detail });
    }
  }
  if (unmapped.length > 0) {
    throw validationError(unmapped);
  }
  const payload: MultiTemplatePayload = {
    table_id: params.tableId,
    record_id: params.recordId,
    template_ids: body.template_ids,
    user_email: member.user.email,
    send_email: body.send_email,
    email_recipients: recipients,
    flatten: body.flatten,
    merge: body.merge,
    template_revisions: revisions,
    now: new Date().toISOString(),
  };
  return queue.enqueue({
    ownerId: member.workspaceId,
    kind: MULTI_TEMPLATE_GENERATION,
    payload,
    total: body.template_ids.length,
    audit: {
      actor: userActor(member.user, member),
      name: `${table.table.name} · ${body.template_ids.length} templates`,
    },
  });
}
