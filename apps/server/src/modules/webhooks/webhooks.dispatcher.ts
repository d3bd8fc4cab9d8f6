import type { WebhookEventBody } from '@formbridge/contract/webhooks';
import type { AppContext } from '../../lib/context.ts';
import { completedFormDownloadPath } from '../completed-forms/completed-forms.public.ts';
import { jobZipPath } from '../jobs/jobs.public.ts';
import {
  claimDelivery,
  clearFailing,
  deleteEndedDeliveries,
  listDueDeliveries,
  pauseFailingWebhook,
  releaseDelivery,
  saveAttempt,
  startFailing,
  type DueDelivery,
} from './webhooks.dispatch-repo.ts';
import { notifyPaused } from './webhooks.paused-mail.ts';
import { sendWebhook, type SendResult } from './webhooks.send.ts';

// Sends the outbox: every poll takes the due deliveries of active endpoints, claims each with a
// lease, sends it and stores the outcome. All state is in the table, so a restart (or another
// instance) carries on where this one stopped: at-least-once, the event id for de-duplication.

const HOUR = 60 * 60 * 1000;
/** Ended deliveries stay in the log this long, then the hourly clean-up removes them. */
export const DELIVERY_LOG_DAYS = 30;
const BATCH = 20;
export const WEBHOOK_DEFAULTS = {
  timeoutMs: 10_000,
  retryBaseMs: 30_000,
  retryMaxMs: HOUR,
  giveUpAfterMs: 24 * HOUR,
  pauseAfterMs: 24 * HOUR,
  pollMs: 1000,
};

export type WebhookDispatcher = {
  start: () => void;
  /** Sends what is due now; resolves with how many attempts were made (tests call it). */
  runOnce: () => Promise<number>;
  close: () => Promise<void>;
};

type Log = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * The wait before retry `attempt` (1 = the first retry): doubling from the base up to the cap,
 * with jitter so endpoints that failed together do not retry together.
 */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(ceiling * (0.5 + Math.random() * 0.5));
}

export function createWebhookDispatcher(ctx: AppContext, log: Log): WebhookDispatcher {
  const settings = { ...WEBHOOK_DEFAULTS, ...definedOnly(ctx.config.webhooks ?? {}) };
  const allowPrivate = ctx.config.webhooks?.allowPrivate ?? false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let closed = false;
  const shutdown = new AbortController();

  const bodyFor = (delivery: DueDelivery): string => {
    const event = JSON.parse(delivery.payload) as WebhookEventBody;
    // Download links are signed at each attempt, so a retry hours later still carries a live one.
    const id = typeof event.data.id === 'string' ? event.data.id : null;
    if (id && event.type === 'completed_form.created') {
      event.data.download_url =
        ctx.config.publicUrl + ctx.signer.sign(completedFormDownloadPath(id));
    }
    if (id && event.type === 'bulk_job.finished' && event.data.has_zip === true) {
      event.data.zip_download_url = ctx.config.publicUrl + ctx.signer.sign(jobZipPath(id));
    }
    return JSON.stringify(event);
  };

  const record = async (delivery: DueDelivery, result: SendResult, now: number) => {
    const at = new Date(now).toISOString();
    const firstAt = delivery.first_attempt_at ?? at;
    const attempts = delivery.attempts + 1;
    const common = {
      attempts,
      first_attempt_at: firstAt,
      last_attempt_at: at,
      last_status_code: result.statusCode,
      last_error: result.error,
      response_excerpt: result.excerpt,
    };
    if (result.ok) {
      await saveAttempt(ctx.db, delivery.id, {
        ...common,
        status: 'succeeded',
        next_attempt_at: null,
      });
      await clearFailing(ctx.db, delivery.webhook_id);
      return;
    }
    const deadline = Date.parse(firstAt) + settings.giveUpAfterMs;
    const next = Math.min(
      now + retryDelayMs(attempts, settings.retryBaseMs, settings.retryMaxMs),
      deadline,
    );
    await saveAttempt(
      ctx.db,
      delivery.id,
      now >= deadline
        ? { ...common, status: 'failed', next_attempt_at: null }
        : { ...common, status: 'pending', next_attempt_at: new Date(next).toISOString() },
    );
    await startFailing(ctx.db, delivery.webhook_id, at);
    const failingSince = delivery.failing_since ? Date.parse(delivery.failing_since) : now;
    if (now - failingSince >= settings.pauseAfterMs) {
      const reason = 'Paused automatically: every delivery failed for 24 hours';
      if (await pauseFailingWebhook(ctx.db, delivery.webhook_id, at, reason)) {
        await notifyPaused(ctx, delivery, log);
      }
    }
  };

  const attempt = async (delivery: DueDelivery): Promise<boolean> => {
    const now = Date.now();
    const lease = new Date(now + settings.timeoutMs + 60_000).toISOString();
    if (!(await claimDelivery(ctx.db, delivery.id, new Date(now).toISOString(), lease))) {
      return false;
    }
    const result = await sendWebhook({
      url: delivery.url,
      secret: delivery.secret,
      eventId: delivery.event_id,
      body: bodyFor(delivery),
      timeoutMs: settings.timeoutMs,
      allowPrivate,
      signal: shutdown.signal,
    });
    if (shutdown.signal.aborted) {
      await releaseDelivery(ctx.db, delivery.id);
      return false;
    }
    await record(delivery, result, Date.now());
    return true;
  };

  let cleanedAt = 0;
  const cleanUp = async () => {
    if (Date.now() - cleanedAt < HOUR) {
      return;
    }
    cleanedAt = Date.now();
    const before = new Date(Date.now() - DELIVERY_LOG_DAYS * 24 * HOUR).toISOString();
    await deleteEndedDeliveries(ctx.db, before);
  };

  const runOnce = async (): Promise<number> => {
    await cleanUp();
    let total = 0;
    for (;;) {
      const due = await listDueDeliveries(ctx.db, new Date().toISOString(), BATCH);
      const sent = (await Promise.all(due.map((delivery) => attempt(delivery)))).filter(Boolean);
      total += sent.length;
      if (due.length < BATCH || closed) {
        return total;
      }
    }
  };

  const schedule = () => {
    if (closed) {
      return;
    }
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => {
          log.error({ err: error }, 'webhook dispatch failed');
          return 0;
        })
        .finally(() => {
          running = null;
          schedule();
        });
    }, settings.pollMs);
    timer.unref();
  };

  return {
    start: () => schedule(),
    runOnce,
    close: async () => {
      closed = true;
      shutdown.abort();
      if (timer) {
        clearTimeout(timer);
      }
      await running;
    },
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== undefined),
  ) as Partial<T>;
}
