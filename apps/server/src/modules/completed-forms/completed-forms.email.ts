import {
  GENERATION_MESSAGES,
  MAX_EMAIL_RECIPIENTS,
  type EmailOutcome,
} from '@formbridge/contract/completed-forms';
import type { ValidationIssue } from '@formbridge/contract/errors';
import type { AppContext } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { isValidAddress, MailDeliveryError, RECIPIENT_SEPARATORS } from '../../lib/mail/mailer.ts';
import { lockCompletedForm, updateEmailError, updateEmailSentTo } from './completed-forms.repo.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { completedFormTarget } from './completed-forms.audit.ts';

export type EmailedForm = {
  id: string;
  template_name: string;
  record_display_name: string;
  file_name: string;
  bytes: Uint8Array;
};

/**
 * Checks recipients before anything is generated or sent: at least one, at most 50 distinct
 * addresses (counted before any is validated), every address valid (422 listing each invalid one
 * at its entry's position). Returns them deduplicated. One pass: 100,000 entries cost a split and
 * a set lookup each, and the count stops the pass at the 51st distinct address.
 */
export function checkRecipients(recipients: readonly string[], loc: ValidationIssue['loc']) {
  const distinct: Array<{ address: string; position: number }> = [];
  const seen = new Set<string>();
  for (const [position, entry] of recipients.entries()) {
    for (const part of entry.split(RECIPIENT_SEPARATORS)) {
      const address = part.trim();
      const key = address.toLowerCase();
      if (address === '' || seen.has(key)) {
        continue;
      }
      seen.add(key);
      distinct.push({ address, position });
      if (distinct.length > MAX_EMAIL_RECIPIENTS) {
        throw validationError([{ loc, msg: GENERATION_MESSAGES.tooManyRecipients }]);
      }
    }
  }
  if (distinct.length === 0) {
    throw validationError([{ loc, msg: GENERATION_MESSAGES.noRecipients }]);
  }
  const invalid = distinct.filter(({ address }) => !isValidAddress(address));
  if (invalid.length > 0) {
    throw validationError(
      invalid.map(({ address, position }) => ({
        loc: [...loc, position],
        msg: GENERATION_MESSAGES.invalidRecipient(address),
        type: 'value_error.email',
      })),
    );
  }
  return distinct.map(({ address }) => address);
}

function compose(forms: readonly EmailedForm[], senderEmail: string) {
  const [first] = forms;
  const signature = `\n\nSent by ${senderEmail} with Formbridge.`;
  if (forms.length === 1 && first) {
    return {
      subject: `${first.template_name} – ${first.record_display_name}`,
      text: `Please find attached the completed form "${first.template_name}" for ${first.record_display_name} (${first.file_name}).${signature}`,
    };
  }
  const names = [...new Set(forms.map((form) => form.record_display_name))];
  const list = forms.map((form) => `- ${form.file_name}`).join('\n');
  return {
    subject: `${forms.length} completed forms – ${names.length === 1 ? names[0] : `${names.length} records`}`,
    text: `Please find attached ${forms.length} completed forms:\n${list}${signature}`,
  };
}

/** The message when a server took none of the recipients. */
export function refusedEveryone(rejected: readonly string[]): string {
  return `The mail server refused every recipient: ${rejected.join(', ')}`;
}

/** Appends accepted recipients to each form's `email_sent_to`, under the row lock. */
async function recordRecipients(
  ctx: AppContext,
  scope: AuditScope,
  formIds: readonly string[],
  accepted: readonly string[],
) {
  const ownerId = scope.workspaceId;
  for (const id of formIds) {
    await ctx.db.transaction().execute(async (trx) => {
      const row = await lockCompletedForm(trx, ownerId, id);
      if (row) {
        const current = JSON.parse(row.email_sent_to) as string[];
        const sentTo = [...current, ...accepted];
        await updateEmailSentTo(trx, ownerId, id, JSON.stringify(sentTo));
        await auditWrite(trx, scope, {
          action: 'completed_form.emailed',
          target: completedFormTarget(row),
          before: { 'sent to': current.join(', ') || null },
          after: { 'sent to': sentTo.join(', ') },
        });
      }
    });
  }
}

/**
 * Sends the forms as attachments of one message and records who received them. Throws
 * MailDeliveryError when the transport fails (nothing was sent, nothing recorded); recipients the
 * server refused are reported in `rejected` and not recorded.
 */
export async function sendFormsByEmail(
  ctx: AppContext,
  scope: AuditScope,
  forms: readonly EmailedForm[],
  recipients: readonly string[],
  senderEmail: string,
): Promise<EmailOutcome> {
  const result = await ctx.mailer.send({
    to: [...recipients],
    ...compose(forms, senderEmail),
    attachments: forms.map((form) => ({
      filename: form.file_name,
      content: form.bytes,
      contentType: 'application/pdf',
    })),
  });
  if (result.accepted.length > 0) {
    await recordRecipients(
      ctx,
      scope,
      forms.map((form) => form.id),
      result.accepted,
    );
  }
  return { sent_to: result.accepted, rejected: result.rejected, error: null };
}

/**
 * The same, for e-mail that is a side effect of generation: a failure becomes the outcome's
 * `error` instead of an exception, because the generated forms are kept either way.
 */
export async function trySendFormsByEmail(
  ctx: AppContext,
  scope: AuditScope,
  forms: readonly EmailedForm[],
  recipients: readonly string[],
  senderEmail: string,
  log: { error: (obj: object, msg: string) => void },
): Promise<EmailOutcome> {
  const ownerId = scope.workspaceId;
  const ids = forms.map((form) => form.id);
  // The failure stays on the forms, so the list says the e-mail did not go out.
  const failed = async (outcome: EmailOutcome & { error: string }) => {
    await updateEmailError(ctx.db, ownerId, ids, outcome.error);
    return outcome;
  };
  try {
    const outcome = await sendFormsByEmail(ctx, scope, forms, recipients, senderEmail);
    if (outcome.sent_to.length === 0) {
      return failed({ ...outcome, error: refusedEveryone(outcome.rejected) });
    }
    return outcome;
  } catch (error) {
    if (error instanceof MailDeliveryError) {
      return failed({ sent_to: [], rejected: [], error: error.message });
    }
    log.error({ err: error }, 'e-mail of generated forms failed');
    return failed({ sent_to: [], rejected: [], error: 'The e-mail could not be sent' });
  }
}
