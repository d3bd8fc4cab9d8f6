import { AppError } from './errors.ts';
import { FixedWindowCounter } from './fixed-window-counter.ts';

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

type PairState = { failures: number; lastFailureAt: number };

/**
 * Slows password guessing without locking the owner out: failures are counted per e-mail and
 * client address together, with a wait that doubles per failure after a few free ones, plus a cap
 * per address over all e-mails. Nothing is counted per e-mail alone, so an attacker elsewhere
 * cannot keep the real owner (on another address) from signing in.
 */
export class LoginThrottle {
  private readonly pairs = new Map<string, PairState>();
  private readonly perIp: FixedWindowCounter;
  private readonly options: LoginThrottleOptions;

  constructor(options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE) {
    this.options = options;
    this.perIp = new FixedWindowCounter(options.windowMs);
  }

  /** Throws 429 with Retry-After while the pair is backing off or the address is capped. */
  assertAllowed(email: string, ip: string, now = Date.now()): void {
    const blockedUntil = Math.max(
      this.pairBlockedUntil(pairKey(email, ip)),
      this.perIp.blockedUntil(ip, this.options.maxFailuresPerIp, now),
    );
    if (blockedUntil > now) {
      const seconds = Math.ceil((blockedUntil - now) / 1000);
      throw new AppError(
        429,
        `Too many failed sign-in attempts. Please try again in ${describeWait(seconds)}.`,
        undefined,
        { retryAfterSeconds: seconds },
      );
    }
  }

  recordFailure(email: string, ip: string, now = Date.now()): void {
    const key = pairKey(email, ip);
    const state = this.pairs.get(key);
    this.pairs.set(key, { failures: (state?.failures ?? 0) + 1, lastFailureAt: now });
    this.perIp.bump(ip, now);
    this.prune(now);
  }

  /** A successful sign-in clears the pair (not the address: it may be guessing others). */
  recordSuccess(email: string, ip: string): void {
    this.pairs.delete(pairKey(email, ip));
  }

  private pairBlockedUntil(key: string): number {
    const state = this.pairs.get(key);
    const extra = (state?.failures ?? 0) - this.options.freeFailuresPerPair;
    if (!state || extra < 0) {
      return 0;
    }
    const delay = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** extra);
    return state.lastFailureAt + delay;
  }

  // Keeps the map bounded under a spray of e-mails: pairs idle past the longest wait are dropped.
  private prune(now: number): void {
    if (this.pairs.size < 10_000) {
      return;
    }
    for (const [key, state] of this.pairs) {
      if (state.lastFailureAt + this.options.maxDelayMs <= now) {
        this.pairs.delete(key);
      }
    }
  }
}

function pairKey(email: string, ip: string): string {
  return `${email}\n${ip}`;
}

function describeWait(seconds: number): string {
  if (seconds < 60) {
    return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
