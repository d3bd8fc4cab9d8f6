import type { AppContext } from '../../lib/context.ts';
import { listAdminEmails } from './webhooks.dispatch-repo.ts';
import type { DueDelivery } from './webhooks.dispatch-repo.ts';

/**
 * Tells the workspace's Owner and Admins that an endpoint was paused after failing for 24 hours.
 * A mail failure is logged, never retried: the screen shows the endpoint as paused either way.
 */
export async function notifyPaused(
  ctx: AppContext,
  delivery: Pick<DueDelivery, 'workspace_id' | 'url' | 'last_error'>,
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  try {
    const to = await listAdminEmails(ctx.db, delivery.workspace_id);
    if (to.length === 0) {
      return;
    }
    await ctx.mailer.send({
      to,
      subject: 'Formbridge: a webhook endpoint was paused',
      text:
        `Every delivery to ${delivery.url} failed for 24 hours, so Formbridge paused the ` +
        'endpoint. Events that happen while it is paused are not sent to it.\n\n' +
        'Fix the receiver, then resume the endpoint under Webhooks; deliveries still in its ' +
        `log can be sent again with Redeliver.\n\nOpen Webhooks: ${ctx.config.publicUrl}/webhooks\n`,
    });
  } catch (error) {
    log.warn({ err: error }, 'webhook paused e-mail not sent');
  }
}
