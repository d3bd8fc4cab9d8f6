import { AppError } from './errors.ts';
import { createMemoryCounterStore, type CounterStore } from './fixed-window-counter.ts';

export type MailQuotaOptions = {
  messagesPerDay: number;
  recipientsPerDay: number;
  /** Length of the counting window (a day; tests shorten it). */
  windowMs?: number;
};

/** Who asks for mail to be sent: counted per account and per client address. */
export type MailSender = { userId: string; ip: string };

const DAY_MS = 24 * 60 * 60 * 1000;

type Limit = { unit: string; setting: string };
/** The environment settings behind each limit, named in the refusal so an admin knows what to change. */
const LIMITS = {
  messages: { unit: 'messages', setting: 'MAIL_LIMIT_MESSAGES_PER_DAY' },
  recipients: { unit: 'recipients', setting: 'MAIL_LIMIT_RECIPIENTS_PER_DAY' },
} satisfies Record<string, Limit>;

/**
 * Daily limits on e-mail sent through the app, per user and per client address, so open sign-up
 * cannot turn the server into a spam relay. A send is counted when it is accepted for sending
 * (before the mail server answers); one that would cross a limit is refused whole with 429.
 */
export class MailQuota {
  private readonly store: CounterStore;
  private readonly options: MailQuotaOptions;
  private readonly windowMs: number;

  constructor(options: MailQuotaOptions, store: CounterStore = createMemoryCounterStore()) {
    this.options = options;
    this.store = store;
    this.windowMs = options.windowMs ?? DAY_MS;
  }

  /**
   * Counts `messages` messages to `recipients` addresses in all, or throws counting nothing: 422
   * when the send alone is over a daily limit, 429 when today's earlier sends leave no room for it.
   */
  async take(sender: MailSender, messages: number, recipients: number, now = Date.now()) {
    const checks: Array<[string, number, number, Limit]> = [];
    for (const who of [`mail-user:${sender.userId}`, `mail-ip:${sender.ip}`]) {
      checks.push([`${who}:messages`, messages, this.options.messagesPerDay, LIMITS.messages]);
      checks.push([
        `${who}:recipients`,
        recipients,
        this.options.recipientsPerDay,
        LIMITS.recipients,
      ]);
    }
    // One send larger than a whole day's limit can never pass: 422 saying so (a 429 would invite
    // the client to retry later, which cannot help).
    const tooBig = checks.find(([, amount, max]) => amount > max);
    if (tooBig) {
      const [, amount, max, limit] = tooBig;
      throw new AppError(
        422,
        `This send has ${amount} ${limit.unit}, more than the daily limit of ${max} ` +
          `(${limit.setting}, set by the server's administrator). Send to fewer at a time, ` +
          `or ask the administrator to raise the limit.`,
        'mail_limit',
      );
    }
    const windows = await Promise.all(
      checks.map(([key]) => this.store.current(key, now, this.windowMs)),
    );
    const over = checks
      .map(([, amount, max], at) => ({ amount, max, window: windows[at]! }))
      .filter(({ amount, max, window }) => window.count + amount > max);
    if (over.length > 0) {
      const resetAt = Math.max(...over.map(({ window }) => window.resetAt));
      const seconds = Math.ceil((resetAt - now) / 1000);
      const { messagesPerDay, recipientsPerDay } = this.options;
      throw new AppError(
        429,
        `Daily e-mail limit reached: at most ${messagesPerDay} messages and ${recipientsPerDay} ` +
          `recipients per day (${LIMITS.messages.setting} and ${LIMITS.recipients.setting}, ` +
          `set by the server's administrator). This send would go past it; try again in ` +
          `${describeHours(seconds)}.`,
        'mail_limit',
        { retryAfterSeconds: seconds },
      );
    }
    await Promise.all(
      checks.map(([key, amount]) => this.store.add(key, amount, now, this.windowMs)),
    );
  }
}

function describeHours(seconds: number): string {
  if (seconds < 3600) {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  const hours = Math.ceil(seconds / 3600);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
