import type { EmailOutcome, generateQuerySchema } from '@formbridge/contract/completed-forms';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import type { Member } from '../../lib/current-member.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { MailDeliveryError } from '../../lib/mail/mailer.ts';
import { StorageNotFoundError } from '../../lib/storage/storage.ts';
import type { FillDeps } from './fill-deps.ts';
import {
  loadRecordBatch,
  loadTableSource,
  loadTemplateSource,
  readTemplateBytes,
} from './record-source.ts';
import { fillRecord } from './fill-record.ts';
import {
  checkRecipients,
  refusedEveryone,
  sendFormsByEmail,
  trySendFormsByEmail,
} from './completed-forms.email.ts';
import {
  deleteCompletedFormRow,
  findCompletedForm,
  type CompletedFormRow,
} from './completed-forms.repo.ts';
import { memberScope } from '../../lib/audit/request-scope.ts';
import { userActor, type AuditActor } from '../../lib/audit/audit-actor.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { completedFormTarget, describeCompletedForm } from './completed-forms.audit.ts';
import {
  deleteToTrash,
  moveToTrash,
  removeForgottenFiles,
  trashRetentionDays,
} from '../../lib/trash/move-to-trash.ts';
import { snapshotCompletedForm } from '../../lib/trash/trash-snapshot.ts';

type GenerateQuery = z.output<typeof generateQuerySchema>;

export type FormWithEmail = { row: CompletedFormRow; email: EmailOutcome | null };

export async function getCompletedForm(
  ctx: AppContext,
  ownerId: string,
  id: string,
): Promise<CompletedFormRow> {
  const row = await findCompletedForm(ctx.db, ownerId, id);
  if (!row) {
    throw notFound('Completed form');
  }
  return row;
}

async function readFormBytes(ctx: AppContext, row: CompletedFormRow): Promise<Uint8Array> {
  try {
    return new Uint8Array(await ctx.storage.read(row.file_key));
  } catch (error) {
    if (error instanceof StorageNotFoundError) {
      throw notFound('PDF file');
    }
    throw error;
  }
}

/**
 * Generates one completed form now (one fill, ahead of any bulk work in the pool) and, when
 * asked, e-mails it. The form is stored before the e-mail is tried: a mail failure comes back
 * as `email.error` with the form, never as a lost form.
 */
export async function generateCompletedForm(
  deps: FillDeps,
  member: Member,
  params: { templateId: string; tableId: string; recordId: string },
  query: GenerateQuery,
  clientIp: string,
  /** Who the log names; the member by default (a public form's visitor passes its link). */
  actor: AuditActor = userActor(member.user, member),
): Promise<FormWithEmail> {
  const { ctx } = deps;
  const scope = { workspaceId: member.workspaceId, actor };
  const recipients = query.send_email
    ? checkRecipients(query.email_recipients, ['query', 'email_recipients'])
    : [];
  if (recipients.length > 0) {
    await ctx.mailQuota.take({ userId: member.user.id, ip: clientIp }, 1, recipients.length);
  }
  const table = await loadTableSource(ctx.db, member.workspaceId, params.tableId);
  const template = await loadTemplateSource(
    ctx.db,
    member.workspaceId,
    params.templateId,
    table.table,
    query.template_revision,
  );
  const batch = await loadRecordBatch(ctx.db, member.workspaceId, table, [params.recordId]);
  const record = batch.records.get(params.recordId);
  if (!record) {
    throw notFound('Record');
  }
  const produced = await fillRecord(
    { db: ctx.db, storage: ctx.storage, pool: deps.pool },
    {
      ownerId: member.workspaceId,
      actor,
      userEmail: member.user.email,
      now: new Date(),
      jobId: null,
      flatten: query.flatten,
      priority: 'high',
      table,
      template,
      templateBytes: await readTemplateBytes(ctx.storage, template),
      record,
      linkedRecords: batch.linkedRecords,
    },
  );
  if (!produced.ok) {
    throw new AppError(422, produced.detail, 'fill_failed');
  }
  const email = query.send_email
    ? await trySendFormsByEmail(
        ctx,
        scope,
        [{ ...produced.row, bytes: produced.bytes }],
        recipients,
        member.user.email,
        deps.log,
      )
    : null;
  return { row: await getCompletedForm(ctx, member.workspaceId, produced.row.id), email };
}

/**
 * E-mails a stored form to `recipients` and records those the server accepted. 422 for invalid
 * addresses or when every recipient was refused, 502 when the mail transport failed.
 */
export async function emailCompletedForm(
  ctx: AppContext,
  member: Member,
  id: string,
  rawRecipients: string[],
  clientIp: string,
): Promise<FormWithEmail> {
  const row = await getCompletedForm(ctx, member.workspaceId, id);
  const recipients = checkRecipients(rawRecipients, ['body', 'recipients']);
  await ctx.mailQuota.take({ userId: member.user.id, ip: clientIp }, 1, recipients.length);
  const bytes = await readFormBytes(ctx, row);
  let email: EmailOutcome;
  try {
    email = await sendFormsByEmail(
      ctx,
      memberScope(member),
      [{ ...row, bytes }],
      recipients,
      member.user.email,
    );
  } catch (error) {
    if (error instanceof MailDeliveryError) {
      throw new AppError(502, error.message, 'mail_failed');
    }
    throw error;
  }
  if (email.sent_to.length === 0) {
    throw new AppError(422, refusedEveryone(email.rejected), 'recipients_refused');
  }
  return { row: await getCompletedForm(ctx, member.workspaceId, id), email };
}

/** Moves the form to the trash (issue 32); its PDF stays in storage until the item is purged. */
export async function deleteCompletedForm(ctx: AppContext, scope: AuditScope, id: string) {
  const ownerId = scope.workspaceId;
  const row = await getCompletedForm(ctx, ownerId, id);
  const run = (keep: boolean) =>
    ctx.db.transaction().execute(async (trx) => {
      const snapshot = await snapshotCompletedForm(trx, id);
      await deleteCompletedFormRow(trx, ownerId, id);
      const target = completedFormTarget(row);
      await auditWrite(trx, scope, {
        action: 'completed_form.deleted',
        target,
        before: describeCompletedForm(row),
      });
      const retentionDays = trashRetentionDays(ctx.config);
      const item = { kind: 'completed_form' as const, id, name: target.name, retentionDays, keep };
      return moveToTrash(trx, scope, item, snapshot);
    });
  await removeForgottenFiles(ctx.storage, await deleteToTrash(run));
}
