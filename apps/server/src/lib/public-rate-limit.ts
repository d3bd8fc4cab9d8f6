import { PUBLIC_LINK_CODES, PUBLIC_LINK_MESSAGES } from '@formbridge/contract/public-links';
import { AppError } from './errors.ts';
import {
  blockedUntil,
  createMemoryCounterStore,
  minutesUntil,
  type CounterStore,
} from './fixed-window-counter.ts';

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
  private readonly store: CounterStore;
  private readonly options: PublicRateLimitOptions;

  constructor(
    options: PublicRateLimitOptions = DEFAULT_PUBLIC_RATE_LIMIT,
    store: CounterStore = createMemoryCounterStore(),
  ) {
    this.options = options;
    this.store = store;
  }

  /** Counts one write; throws 429 (before counting) when the link or the address is used up. */
  async take(linkKey: string, ip: string, now = Date.now()): Promise<void> {
    const { windowMs } = this.options;
    const keys: Array<[string, number]> = [
      [`public-link:${linkKey}`, this.options.maxPerLink],
      [`public-ip:${ip}`, this.options.maxPerIp],
    ];
    const windows = await Promise.all(keys.map(([key]) => this.store.current(key, now, windowMs)));
    const until = Math.max(...windows.map((window, at) => blockedUntil(window, keys[at]![1], now)));
    if (until > now) {
      throw new AppError(
        429,
        PUBLIC_LINK_MESSAGES.tooManyRequests(minutesUntil(until, now)),
        PUBLIC_LINK_CODES.rateLimited,
        { retryAfterSeconds: Math.ceil((until - now) / 1000) },
      );
    }
    // Checked, then counted: instances counting at the same moment may let a few more through.
    await Promise.all(keys.map(([key]) => this.store.add(key, 1, now, windowMs)));
  }
}
