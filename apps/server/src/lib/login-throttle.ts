import { AppError } from './errors.ts';
import {
  blockedUntil,
  createMemoryCounterStore,
  type CounterStore,
} from './fixed-window-counter.ts';

export type LoginThrottleOptions = {
  /** Failures of one e-mail from one address before back-off starts. */
  freeFailuresPerPair: number;
  /** First wait after the free failures; it doubles with every further failure. */
  baseDelayMs: number;
  /** The longest wait one e-mail + address pair ever gets. */
  maxDelayMs: number;
  /** Window of the per-address cap over all e-mails. */
  windowMs: number;
  /** Failures from one address per window, over all e-mails. */
  maxFailuresPerIp: number;
};

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  freeFailuresPerPair: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  windowMs: 15 * 60 * 1000,
  maxFailuresPerIp: 50,
};

// A pair's failures are kept while it keeps failing and forgotten after a day without one.
const PAIR_MEMORY_MS = 24 * 60 * 60 * 1000;

/**
 * Slows password guessing without locking the owner out: failures are counted per e-mail and
 * client address together, with a wait that doubles per failure after a few free ones, plus a cap
 * per address over all e-mails. Nothing is counted per e-mail alone, so an attacker elsewhere
 * cannot keep the real owner (on another address) from signing in.
 */
export class LoginThrottle {
  private readonly store: CounterStore;
  private readonly options: LoginThrottleOptions;

  constructor(
    options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE,
    store: CounterStore = createMemoryCounterStore(),
  ) {
    this.options = options;
    this.store = store;
  }

  /** Throws 429 with Retry-After while the pair is backing off or the address is capped. */
  async assertAllowed(email: string, ip: string, now = Date.now()): Promise<void> {
    const { windowMs, maxFailuresPerIp } = this.options;
    const [pair, perIp] = await Promise.all([
      this.store.current(pairKey(email, ip), now, PAIR_MEMORY_MS),
      this.store.current(ipKey(ip), now, windowMs),
    ]);
    const until = Math.max(this.pairBlockedUntil(pair), blockedUntil(perIp, maxFailuresPerIp, now));
    if (until > now) {
      const seconds = Math.ceil((until - now) / 1000);
      throw new AppError(
        429,
        `Too many failed sign-in attempts. Please try again in ${describeWait(seconds)}.`,
        undefined,
        { retryAfterSeconds: seconds },
      );
    }
  }

  async recordFailure(email: string, ip: string, now = Date.now()): Promise<void> {
    await this.store.add(pairKey(email, ip), 1, now, PAIR_MEMORY_MS, true);
    await this.store.add(ipKey(ip), 1, now, this.options.windowMs);
  }

  /** A successful sign-in clears the pair (not the address: it may be guessing others). */
  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.store.reset(pairKey(email, ip));
  }

  // The pair's window slides with each failure, so its end minus the memory is the last failure.
  private pairBlockedUntil(pair: { count: number; resetAt: number }): number {
    const extra = pair.count - this.options.freeFailuresPerPair;
    if (pair.count === 0 || extra < 0) {
      return 0;
    }
    const delay = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** extra);
    return pair.resetAt - PAIR_MEMORY_MS + delay;
  }
}

function ipKey(ip: string): string {
  return `login-ip:${ip}`;
}

function pairKey(email: string, ip: string): string {
  return `login-pair:${email}\n${ip}`;
}

function describeWait(seconds: number): string {
  if (seconds < 60) {
    return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
