import { AppError } from './errors.ts';

type Window = { failures: number; resetAt: number };

export type LoginThrottleOptions = {
  windowMs: number;
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
};

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerEmail: 10,
  maxFailuresPerIp: 50,
};

/**
 * Counts failed sign-ins per e-mail and per client address in a fixed window. In memory: one
 * process serves the app (see docs/decisions.md); a shared store replaces this map when it scales out.
 */
export class LoginThrottle {
  private readonly windows = new Map<string, Window>();
  private readonly options: LoginThrottleOptions;

  constructor(options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE) {
    this.options = options;
  }

  /** Throws 429 when either the e-mail or the address used up its failures. */
  assertAllowed(email: string, ip: string, now = Date.now()): void {
    const blockedUntil = Math.max(
      this.blockedUntil(`email:${email}`, this.options.maxFailuresPerEmail, now),
      this.blockedUntil(`ip:${ip}`, this.options.maxFailuresPerIp, now),
    );
    if (blockedUntil > now) {
      const minutes = Math.max(1, Math.ceil((blockedUntil - now) / 60_000));
      const unit = minutes === 1 ? 'minute' : 'minutes';
      throw new AppError(
        429,
        `Too many failed sign-in attempts. Please try again in ${minutes} ${unit}.`,
      );
    }
  }

  recordFailure(email: string, ip: string, now = Date.now()): void {
    this.bump(`email:${email}`, now);
    this.bump(`ip:${ip}`, now);
  }

  /** A successful sign-in clears the e-mail's count (not the address's: it may be guessing others). */
  recordSuccess(email: string): void {
    this.windows.delete(`email:${email}`);
  }

  private blockedUntil(key: string, max: number, now: number): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      return 0;
    }
    return window.failures >= max ? window.resetAt : 0;
  }

  private bump(key: string, now: number): void {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { failures: 1, resetAt: now + this.options.windowMs });
      this.pruneExpired(now);
      return;
    }
    window.failures += 1;
  }

  // Keeps the map from growing without bound under a spray of distinct e-mails.
  private pruneExpired(now: number): void {
    if (this.windows.size < 10_000) {
      return;
    }
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) {
        this.windows.delete(key);
      }
    }
  }
}
