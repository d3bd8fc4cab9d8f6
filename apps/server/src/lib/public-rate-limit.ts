import { PUBLIC_LINK_CODES, PUBLIC_LINK_MESSAGES } from '@formbridge/contract/public-links';
import { AppError } from './errors.ts';
import { FixedWindowCounter, minutesUntil } from './fixed-window-counter.ts';

export type PublicRateLimitOptions = {
  windowMs: number;
  /** Writes (submits, uploads, file removals) through one link per window. */
  maxPerLink: number;
  /** Writes from one client address per window, over all links. */
  maxPerIp: number;
};

export const DEFAULT_PUBLIC_RATE_LIMIT: PublicRateLimitOptions = {
  windowMs: 10 * 60 * 1000,
  maxPerLink: 30,
  maxPerIp: 100,
};

/**
 * Counts writes through public links per link and per client address in a fixed window, so a
 * leaked link cannot be used to flood a record with uploads or a form with submissions. Every
 * attempt counts, accepted or not.
 */
export class PublicRateLimit {
  private readonly counter: FixedWindowCounter;
  private readonly options: PublicRateLimitOptions;

  constructor(options: PublicRateLimitOptions = DEFAULT_PUBLIC_RATE_LIMIT) {
    this.options = options;
    this.counter = new FixedWindowCounter(options.windowMs);
  }

  /** Counts one write; throws 429 (before counting) when the link or the address is used up. */
  take(linkKey: string, ip: string, now = Date.now()): void {
    const keys: Array<[string, number]> = [
      [`link:${linkKey}`, this.options.maxPerLink],
      [`ip:${ip}`, this.options.maxPerIp],
    ];
    const blockedUntil = Math.max(
      ...keys.map(([key, max]) => this.counter.blockedUntil(key, max, now)),
    );
    if (blockedUntil > now) {
      throw new AppError(
        429,
        PUBLIC_LINK_MESSAGES.tooManyRequests(minutesUntil(blockedUntil, now)),
        PUBLIC_LINK_CODES.rateLimited,
        { retryAfterSeconds: Math.ceil((blockedUntil - now) / 1000) },
      );
    }
    keys.forEach(([key]) => this.counter.bump(key, now));
  }
}
