import { AppError } from './errors.ts';
import { FixedWindowCounter, minutesUntil } from './fixed-window-counter.ts';

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

/** Counts failed sign-ins per e-mail and per client address in a fixed window. */
export class LoginThrottle {
  private readonly counter: FixedWindowCounter;
  private readonly options: LoginThrottleOptions;

  constructor(options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE) {
    this.options = options;
    this.counter = new FixedWindowCounter(options.windowMs);
  }

  /** Throws 429 when either the e-mail or the address used up its failures. */
  assertAllowed(email: string, ip: string, now = Date.now()): void {
    const blockedUntil = Math.max(
      this.counter.blockedUntil(`email:${email}`, this.options.maxFailuresPerEmail, now),
      this.counter.blockedUntil(`ip:${ip}`, this.options.maxFailuresPerIp, now),
    );
    if (blockedUntil > now) {
      const minutes = minutesUntil(blockedUntil, now);
      const unit = minutes === 1 ? 'minute' : 'minutes';
      throw new AppError(
        429,
        `Too many failed sign-in attempts. Please try again in ${minutes} ${unit}.`,
      );
    }
  }

  recordFailure(email: string, ip: string, now = Date.now()): void {
    this.counter.bump(`email:${email}`, now);
    this.counter.bump(`ip:${ip}`, now);
  }

  /** A successful sign-in clears the e-mail's count (not the address's: it may be guessing others). */
  recordSuccess(email: string): void {
    this.counter.reset(`email:${email}`);
  }
}
