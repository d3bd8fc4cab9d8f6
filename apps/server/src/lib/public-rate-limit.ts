import { PUBLIC_LINK_CODES, PUBLIC_LINK_MESSAGES } from '@formbridge/contract/public-links';
import { AppError } from './errors.ts';

type Window = { count: number; resetAt: number };

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
 * attempt counts, accepted or not. In memory, like the login throttle: one process serves the app.
 */
export class PublicRateLimit {
  private readonly windows = new Map<string, Window>();
  private readonly options: PublicRateLimitOptions;

  constructor(options: PublicRateLimitOptions = DEFAULT_PUBLIC_RATE_LIMIT) {
    this.options = options;
  }

  /** Counts one write; throws 429 (before counting) when the link or the address is used up. */
  take(linkKey: string, ip: string, now = Date.now()): void {
    const keys: Array<[string, number]> = [
      [`link:${linkKey}`, this.options.maxPerLink],
      [`ip:${ip}`, this.options.maxPerIp],
    ];
    const blockedUntil = Math.max(...keys.map(([key, max]) => this.blockedUntil(key, max, now)));
    if (blockedUntil > now) {
      const minutes = Math.max(1, Math.ceil((blockedUntil - now) / 60_000));
      throw new AppError(
        429,
        PUBLIC_LINK_MESSAGES.tooManyRequests(minutes),
        PUBLIC_LINK_CODES.rateLimited,
      );
    }
    keys.forEach(([key]) => this.bump(key, now));
  }

  private blockedUntil(key: string, max: number, now: number): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      return 0;
    }
    return window.count >= max ? window.resetAt : 0;
  }

  private bump(key: string, now: number): void {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.options.windowMs });
      this.pruneExpired(now);
      return;
    }
    window.count += 1;
  }

  // Keeps the map bounded when many links and addresses come and go.
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
